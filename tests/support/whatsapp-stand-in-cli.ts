/**
 * The WhatsApp Cloud API stand-in as its own process, for the browser tests (playwright.config.ts
 * starts it as a webServer beside the server under test): a fixed loopback port, because the
 * server reads WHATSAPP_API_URL once at start.
 *
 *   WHATSAPP_STAND_IN_PORT=3141 tsx tests/support/whatsapp-stand-in-cli.ts
 */
import { startWhatsappStandIn } from "./whatsapp-stand-in.ts";

const port = Number(process.env.WHATSAPP_STAND_IN_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("Set WHATSAPP_STAND_IN_PORT to the loopback port to listen on.");

const wa = await startWhatsappStandIn({ port });
console.log(`WhatsApp stand-in on ${wa.url}`);

const stop = () => void wa.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
