import { apiLoader, jsonResponse, readOnlyAction } from "~/server/http.server";
import { vapidKeys } from "~/server/push/vapid.server";
import type { Route } from "./+types/notifications.public-key";
import { documented, documentRoute } from "~/server/openapi/define.server";
import { VapidPublicKeySchema } from "~/server/api-shapes.server";
import type { z } from "zod";

const openapi = documentRoute("/api/notifications/public_key", {
  get: {
    tag: "Notifications",
    access: "public",
    summary: "The VAPID public key browsers subscribe to push notifications with",
    responses: {
      200: {
        description: "The key",
        schema: VapidPublicKeySchema,
        example: {
          vapidPublicKey: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        },
      },
    },
  },
});

/** GET /api/notifications/public_key: `{vapidPublicKey}`, the applicationServerKey browsers subscribe with. */
export const loader = documented(openapi, function loader({ request }: Route.LoaderArgs) {
  return apiLoader(async () => {
    const answer: z.infer<typeof VapidPublicKeySchema> = { vapidPublicKey: vapidKeys().publicKey };
    return jsonResponse(request, answer);
  });
});

export const action = readOnlyAction;
