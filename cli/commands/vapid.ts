import { Command } from "commander";
import { z } from "zod";
import { vapidKeys } from "~/server/push/vapid.server";
import { action, parseOptions } from "../options";

const Options = z.object({}).strict();

export function vapidCommand(): Command {
  return new Command("vapid")
    .description(
      "show the Web Push (VAPID) public key, generating the key pair into data/vapid.json (owner-readable only) " +
        "on first use unless VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set",
    )
    .action(
      action(async (raw: unknown) => {
        parseOptions(Options, raw);
        const keys = vapidKeys();
        process.stdout.write(`VAPID keys from ${keys.source}\nPublic key: ${keys.publicKey}\nSubject: ${keys.subject}\n`);
      }),
    );
}
