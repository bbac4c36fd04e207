import { parseWithZod } from "@conform-to/zod/v4";
import { serializeIntent } from "@conform-to/dom";
import { basicDetailsFormSchema } from "#server/api/cards/schemas.ts";
const fd = new FormData();
fd.set("cardId", "abc-def"); fd.set("companyName", "X"); fd.set("phoneNumber", process.argv[2]);
fd.set("__intent__", serializeIntent({ type: "insert", payload: { name: "contactFields", defaultValue: { type: "tel" } } }));
const s = parseWithZod(fd, { schema: basicDetailsFormSchema });
console.log(s.status, JSON.stringify(s.error), JSON.stringify(s.payload));
console.log(JSON.stringify(s.reply()));
