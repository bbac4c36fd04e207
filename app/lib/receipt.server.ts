import { data, type RouterContextProvider } from "react-router";
import { getApi } from "./request-context.server";
import { formatDate } from "#contracts/format.ts";

type Context = Readonly<RouterContextProvider>;

/** Dates as the customer reads them (India time), formatted on the server. */
export const formatReceiptDate = (d: Date | string | null | undefined, lang = "en") => (d ? formatDate(d, lang) : null);

/**
 * A paid plan purchase of one of the caller's businesses, with the business: what the
 * thank-you page and the receipt show. The API decides who may see it (another customer's
 * business or payment is 404).
 */
export async function loadPaidCardPayment(context: Context, businessId: number, recordNo: number) {
  const api = getApi(context);
  const [{ business }, receipts] = await Promise.all([
    api.get("GET /business/{id}", { params: { id: businessId } }),
    api.get("GET /card-payment/receipts", { query: { businessId } }),
  ]);
  const record = receipts.list.find((r) => r.recordNo === recordNo);
  if (!record) throw data({ message: "We could not find that payment." }, { status: 404 });
  return { business, record, seller: receipts.seller };
}
