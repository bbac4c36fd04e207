import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

const EDITOR = "routes/customer/card-editor";
const EDITOR_SECTION_FILES = ["basic-details", "payment-options", "videos", "gallery", "about", "products", "links", "settings", "template", "second-language"];

/**
 * The card editor: one progressive form per section (children), the preview in the layout.
 * The same modules serve the customer and staff who may see the business (ADR 0049); route
 * ids differ because one file is registered twice.
 */
function cardEditorRoutes(who: "customer" | "admin") {
  const id = (name: string) => (who === "customer" ? {} : { id: `admin-card-editor-${name}` });
  return [
    route("digital-card", `${EDITOR}/layout.tsx`, id("layout"), [
      index(`${EDITOR}/index.tsx`, id("index")),
      ...EDITOR_SECTION_FILES.map((name) => route(name, `${EDITOR}/${name}.tsx`, id(name))),
    ]),
  ];
}

/** The whole URL map (SPEC §2 Routes). Guards live in each subtree's middleware. */
export default [
  // One module for `/` and `/panel`: both send everyone to their home.
  index("routes/index.tsx", { id: "index" }),
  ...prefix("panel", [
    index("routes/index.tsx", { id: "panel-index" }),
    route("login", "routes/auth/login.tsx"),
    route("franchisee-login", "routes/auth/franchisee-login.tsx"),
    // One module each for the OTP and create-password steps; the URL says whose flow it is.
    route("otp", "routes/auth/otp.tsx", { id: "otp" }),
    route("franchisee-otp", "routes/auth/otp.tsx", { id: "franchisee-otp" }),
    route("createPassword", "routes/auth/create-password.tsx", { id: "create-password" }),
    route("franchisee-createPassword", "routes/auth/create-password.tsx", { id: "franchisee-create-password" }),
    route("logout", "routes/auth/logout.tsx"),
    route("language", "routes/language.tsx"),
    route("thankyou", "routes/thankyou.tsx"),
    // A pathless layout (no URL of its own) that carries the staff guard for the payment pages.
    layout("routes/billing/layout.tsx", [
      ...prefix("payment", [
        route("month-payment", "routes/billing/month-payment.tsx"),
        route("agency-image-payment", "routes/billing/agency-image-payment.tsx"),
        route("agency-pdf-card-payment", "routes/billing/agency-pdf-card-payment.tsx"),
      ]),
    ]),
    route("customer", "routes/customer/layout.tsx", [
      index("routes/customer/home/route.tsx"),
      route("account", "routes/customer/account/route.tsx"),
      route("projects", "routes/customer/projects/route.tsx"),
      route("businesses/add", "routes/customer/business-add.tsx"),
      route("businesses/:businessId/edit", "routes/customer/business-edit.tsx"),
      route("feedback", "routes/customer/feedback/route.tsx"),
      route("plans", "routes/customer/plans.tsx"),
      route("receipts", "routes/customer/receipts/route.tsx"),
      route("share-kit", "routes/customer/share-kit/route.tsx"),
      route("notifications", "routes/customer/notifications.tsx", { id: "customer-notifications" }),
      route("businesses/:businessId/receipts/:recordNo", "routes/customer/receipts/receipt.tsx"),
      // The card editor: one progressive form per section (children), the preview in the layout.
      ...cardEditorRoutes("customer"),
      route("switch-business", "routes/customer/switch-business.tsx"),
      route("daily-image", "routes/customer/greetings/daily-image.tsx", { id: "customer-daily-image" }),
      route("daily-image/videos", "routes/customer/greetings/videos.tsx"),
      route("daily-image/videos/:imageId", "routes/customer/greetings/video.tsx"),
      route("daily-image/frame-settings", "routes/customer/greetings/frame.tsx"),
      route("daily-image/post/:imageId", "routes/customer/greetings/post.tsx"),
      route("pdf-card-templates", "routes/customer/pdf-cards/templates.tsx"),
      route("pdf-cards/:pdfCardNo", "routes/customer/pdf-cards/editor.tsx"),
      route("video-templates", "routes/customer/promo-videos/route.tsx"),
      route("*", "routes/customer/not-built.tsx", { id: "customer-not-built" }),
    ]),
    route("admin", "routes/admin/layout.tsx", [
      index("routes/admin/home/route.tsx"),
      route("businesses/:businessId", "routes/admin/business/route.tsx"),
      ...cardEditorRoutes("admin"),
      route("plans-pricing-management", "routes/admin/plans-pricing.tsx"),
      route("franchisees", "routes/admin/franchisees/route.tsx"),
      route("franchisees/commissions", "routes/admin/franchisees/commissions.tsx"),
      route("franchisees/:franchiseeId/commissions", "routes/admin/franchisees/statement.tsx"),
      route("failed-messages", "routes/admin/failed-messages.tsx"),
      route("whatsapp", "routes/admin/whatsapp.tsx"),
      route("ui-customisation", "routes/admin/ui-customisation.tsx"),
      route("agency-management", "routes/admin/agency-management/route.tsx"),
      route("agency-management/:agencyId", "routes/admin/agency-management/agency.tsx"),
      route("projects", "routes/admin/projects/route.tsx"),
      route("protected-card-links", "routes/admin/protected-card-links.tsx"),
      route("language", "routes/admin/agency-language.tsx"),
      route("card-themes", "routes/admin/card-themes.tsx"),
      route("report", "routes/admin/report/route.tsx"),
      route("renewals", "routes/admin/renewals/route.tsx"),
      route("billing", "routes/admin/billing/route.tsx"),
      route("agency-management/:agencyId/billing", "routes/admin/billing/agency.tsx"),
      route("category-static-page-management", "routes/admin/category-static-pages/route.tsx"),
      route("link-store", "routes/admin/link-store/route.tsx"),
      // Greetings Management: the superadmin's platform library, and each agency's own posts (SPEC §6).
      route("daily-image-management", "routes/admin/greetings/route.tsx", { id: "admin-daily-image-management" }),
      route("image-posts-management", "routes/admin/greetings/route.tsx", { id: "admin-image-posts-management" }),
      route("notifications", "routes/admin/notifications.tsx"),
      route("businesses", "routes/admin/businesses.tsx"),
      route("businesses/register", "routes/admin/businesses-register.tsx"),
      route("business-imports", "routes/admin/business-imports/route.tsx"),
      route("business-imports/:importId", "routes/admin/business-imports/import.tsx"),
      route("businesses/:businessId/edit", "routes/admin/businesses-edit.tsx"),
      route("pdf-cards", "routes/admin/pdf-cards/route.tsx"),
      route("video-template-management", "routes/admin/promo-videos/route.tsx"),
      route("*", "routes/admin/not-built.tsx"),
    ]),
  ]),
  route("privacy", "routes/privacy.tsx"),
  // One-tap unsubscribe from reminders and reports, no sign-in (ADR 0053).
  route("unsubscribe/:token", "routes/unsubscribe.tsx"),
  // A renewal reminder's pay link: the owner pays without signing in (ADR 0067).
  route("renew/:token", "routes/renew.tsx"),
  // A business category's page (ADR 0020); "category" is a reserved card id, so no card shadows it.
  route("category/:slug", "routes/public-category/page.tsx"),
  // The public card people share: /{cardId} on the agency's host (static segments above win).
  route(":cardId", "routes/public-card/card.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
