import { authRoutes } from "./auth/routes.ts";
import { franchiseeAuthRoutes, franchiseeManageRoutes } from "./franchisee/routes.ts";
import { sessionRoutes } from "./session/routes.ts";
import { languageRoutes } from "./language/routes.ts";
import { cardThemeRoutes } from "./card-themes/routes.ts";
import { logRoutes } from "./logs/routes.ts";
import { businessRoutes } from "./business/routes.ts";
import { planRoutes } from "./plans/routes.ts";
import { gatewayRoutes, planPaymentRoutes } from "./payments/routes.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import { cardRoutes } from "./cards/routes.ts";
import { cardSecondLanguageRoutes } from "./card-second-language/routes.ts";
import { documentRoutes } from "./documents/routes.ts";
import { feedbackRoutes } from "./feedback/routes.ts";
import { publicCardRoutes } from "./public-card/routes.ts";
import { uiCustomisationRoutes } from "./ui-customisation/routes.ts";
import { agencyRoutes } from "./agency/routes.ts";
import { reportRoutes } from "./reports/routes.ts";
import { billingRoutes } from "./billing/routes.ts";
import { categoryStaticPageRoutes } from "./category-static-page/routes.ts";
import { linkStoreRoutes } from "./link-store/routes.ts";
import { greetingRoutes } from "./greetings/routes.ts";
import { notificationRoutes } from "./notifications/routes.ts";
import { pdfCardRoutes } from "./pdf-cards/routes.ts";
import { promoVideoRoutes } from "./promo-videos/routes.ts";
import { shareKitRoutes } from "./share-kit/routes.ts";
import { webAppRoutes } from "./web-app/routes.ts";
import { messageRoutes } from "./messages/routes.ts";
import { onboardingRoutes } from "./onboarding/routes.ts";
import { commissionRoutes } from "./commissions/routes.ts";
import { renewalRoutes } from "./renewals/routes.ts";

/** Every API route, in one list: the app, the OpenAPI document, the client types and the tests read it. */
export const apiRoutes = [
  ...sessionRoutes,
  ...languageRoutes,
  ...cardThemeRoutes,
  ...authRoutes,
  ...franchiseeAuthRoutes,
  // Before the business routes: /business/subscription-plan is not /business/{id}.
  ...planRoutes,
  ...businessRoutes,
  ...planPaymentRoutes,
  ...dashboardRoutes,
  ...cardRoutes,
  ...cardSecondLanguageRoutes,
  ...documentRoutes,
  ...feedbackRoutes,
  ...publicCardRoutes,
  ...gatewayRoutes,
  ...agencyRoutes,
  ...billingRoutes,
  ...categoryStaticPageRoutes,
  ...linkStoreRoutes,
  ...greetingRoutes,
  ...promoVideoRoutes,
  ...logRoutes,
  ...franchiseeManageRoutes,
  ...uiCustomisationRoutes,
  ...reportRoutes,
  ...notificationRoutes,
  ...pdfCardRoutes,
  ...shareKitRoutes,
  ...webAppRoutes,
  ...messageRoutes,
  ...onboardingRoutes,
  ...commissionRoutes,
  ...renewalRoutes,
] as const;

export type ApiRoutes = typeof apiRoutes;
