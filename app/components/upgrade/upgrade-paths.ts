import { href } from "react-router";
import { UPGRADE_HASH } from "./use-upgrade-hash";

/** The plain plans page: where the #upgrade triggers lead without JavaScript, and what the dialog loads. */
export const PLANS_PATH = href("/panel/customer/plans");
export const PLANS_TRIGGER_HREF = `${PLANS_PATH}${UPGRADE_HASH}`;
