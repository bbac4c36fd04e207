import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { httpSmsTransport } from "#server/services/otp-transport.ts";

// The SMS provider is the network edge: a local HTTP server stands in for it.
let server: http.Server;
let url: string;
const received: { auth?: string; body: unknown }[] = [];
let answer = 200;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
      res.writeHead(answer).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
});
afterAll(() => new Promise((r) => server.close(r)));

test("the SMS transport posts the message to the provider with the API key", async () => {
  await httpSmsTransport({ url, apiKey: "k-123", senderId: "CARDPN" }).send({ channel: "sms", to: "9876543210", text: "123456 is your code" });
  expect(received.at(-1)).toEqual({
    auth: "Bearer k-123",
    body: { to: "+919876543210", message: "123456 is your code", sender: "CARDPN" },
  });
});

test("a provider error is an error (the API answers 503, it never pretends the OTP went out)", async () => {
  answer = 500;
  await expect(
    httpSmsTransport({ url, senderId: "CARDPN" }).send({ channel: "sms", to: "9876543210", text: "x" }),
  ).rejects.toThrow("SMS provider answered 500");
  answer = 200;
});
