#!/usr/bin/env node
// `npx poetry …` entry: loads the TypeScript CLI through tsx.
import { register } from "tsx/esm/api";

register();
const { buildProgram } = await import("./index.ts");
await buildProgram().parseAsync(process.argv);
