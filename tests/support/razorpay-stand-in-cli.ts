/**
 * The Razorpay stand-in as its own process, for the browser tests of the checkout.js path
 * (playwright.razorpay.config.ts starts it as a webServer): a fixed loopback port, because the
 * server under test reads RAZORPAY_API_URL once at start.
 *
 *   RAZORPAY_STAND_IN_PORT=3130 tsx tests/support/razorpay-stand-in-cli.ts
 */
import { startRazorpayStandIn } from "./razorpay-stand-in.ts";

const port = Number(process.env.RAZORPAY_STAND_IN_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("Set RAZORPAY_STAND_IN_PORT to the loopback port to listen on.");

const rzp = await startRazorpayStandIn({ port, controlRoutes: true });
console.log(`Razorpay stand-in on ${rzp.url}`);

const stop = () => void rzp.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
