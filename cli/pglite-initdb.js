// Child process of createPgliteClusterApart (pglite-cluster.ts): makes the PGlite cluster in the folder argv[2].
import { register } from "tsx/esm/api";

register();
const { createPgliteCluster } = await import("./pglite-cluster.ts");
process.stdout.write(`${await createPgliteCluster(process.argv[2])}\n`);
