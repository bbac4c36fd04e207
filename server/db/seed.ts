import { eq } from "drizzle-orm";
import { createPasswordHasher, type PasswordHasher } from "../auth/password.ts";
import type { Db } from "./client.ts";
import { trialDays, trialExpiry } from "../domain/subscription.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, SECOND_AGENCY_HOST, type DemoAccountName } from "./demo-accounts.ts";
import { seedBilling } from "./seed/billing.ts";
import { seedLinkStore } from "./seed/link-store.ts";
import { seedGreetings } from "./seed/greetings.ts";
import { seedPdfCards } from "./seed/pdf-cards.ts";
import { seedPromoVideos } from "./seed/promo-videos.ts";
import {
  agencies,
  businesses,
  cardPayments,
  cards,
  categoryStaticPages,
  feedback,
  franchisees,
  imageCategories,
  imageSubcategories,
  imageTags,
  subscriptionPlans,
  users,
  videoTemplates,
  type AgencyConfiguration,
  type FranchiseeRole,
  type PlanLimits,
} from "./schema/index.ts";

/**
 * Demo data for a fresh install: two agencies, every staff role, customers with businesses,
 * plans, payments in each state (active, expiring in 5 days, expired, unpaid) and one card
 * per business. Called only on an empty database; if the platform agency already exists it
 * does nothing. Everything runs in one transaction, so a failure leaves the database empty.
 */

export { DEMO_PASSWORD, SECOND_AGENCY_HOST };
const phoneOf = (name: DemoAccountName) => (DEMO_ACCOUNTS[name].login as { phoneNumber: string }).phoneNumber;

export type SeedSummary = {
  /** false when the platform agency already existed and nothing was written. */
  created: boolean;
  agencies: { name: string; host: string }[];
  signIns: { role: string; login: string; password: string; url: string }[];
  /** cardId slugs of the platform agency's public cards (served on mainHost at /{cardId}). */
  publicCardIds: string[];
};

export type SeedOptions = {
  /** Host of the platform agency (config.MAIN_HOST). */
  mainHost: string;
  /** The platform's public origin (config.publicUrl), used to build sign-in links; port and scheme are reused for other agencies. */
  publicUrl?: string;
  /** Tests pass their cheap hasher (the seeded hashes then verify cheaply too). */
  passwords?: PasswordHasher;
};

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number, now: Date) => new Date(now.getTime() + days * DAY);
const yearsBefore = (d: Date, years: number) => {
  const r = new Date(d);
  r.setFullYear(r.getFullYear() - years);
  return r;
};
/** Next occurrence of a fixed-date festival, as YYYY-MM-DD (for the festival calendar). */
const nextOccurrence = (month: number, day: number, now: Date) => {
  const year = now.getUTCFullYear();
  const thisYear = Date.UTC(year, month - 1, day);
  const y = thisYear >= Date.UTC(year, now.getUTCMonth(), now.getUTCDate()) ? year : year + 1;
  return `${y}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
};

const BASIC_LIMITS: PlanLimits = {
  digitalCardIncluded: true,
  digitalCardLimit: 1,
  greetingImagesIncluded: true,
  greetingImagesLimit: -1,
  greetingVideosIncluded: true,
  greetingVideosLimit: 3,
  pdfCardIncluded: false,
  pdfCardLimit: null,
  promotionalVideoIncluded: false,
  promotionalVideoLimit: null,
};
const PREMIUM_LIMITS: PlanLimits = {
  ...BASIC_LIMITS,
  greetingVideosLimit: 10,
  pdfCardIncluded: true,
  pdfCardLimit: 1,
  promotionalVideoIncluded: true,
  promotionalVideoLimit: 1,
};
/** The second agency has no video posts, PDF cards or promotional videos. */
const IMAGES_ONLY_LIMITS: PlanLimits = {
  ...BASIC_LIMITS,
  greetingVideosIncluded: false,
  greetingVideosLimit: null,
};

export async function seed(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const mainHost = opts.mainHost.toLowerCase();
  const existing = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.host, mainHost));
  if (existing.length > 0) return notCreated(db);

  // Argon2 is deliberately slow: hash once, outside the transaction, and reuse it for everyone.
  const passwordHash = await (opts.passwords ?? createPasswordHasher()).hash(DEMO_PASSWORD);
  const now = new Date();

  const summary = await db.transaction(async (tx) => {
    /* ---- Agencies ---- */
    const platformConfig: AgencyConfiguration = {
      imagePost: { enableImagePost: true, isVideoPostsIncluded: true, allowAgencyExclusivePosts: true },
      pdfCardConfig: { enablePdfCardProduct: true, customerPlans: [{ id: 1, price: 9900 }] },
      video: { enableVideo: true },
      onlinePayment: { enablePaymentIntegration: true },
      dashboardConfig: { showInvitationTileInCustomerDashboard: true },
      // Businesses a franchisee made may still be paid online by their customer.
      allowedBusinessMadeBy: ["franchisee"],
      // Printed on the bills the platform issues to agencies (ADR 0037): demo values, not a real GSTIN.
      invoiceIssuer: {
        legalName: "Card Panel Technologies Pvt. Ltd.",
        address: "5th Floor, Pride Icon, Shivajinagar, Pune, Maharashtra 411005",
        gstin: "27AABCC1234D1Z5",
      },
    };
    // A concurrent seeder may have won the race since the check above: then do nothing.
    const [platform] = await tx
      .insert(agencies)
      .values({
        agencyName: "Card Panel",
        host: mainHost,
        roles: ["superadmin"],
        configuration: platformConfig,
        // A demo value that reads like an agency's own invitation site (issue 22); each agency sets its own.
        invitationSiteLink: "https://invitations.cardpanel.in",
        adminName: "Rohit Mehra",
        adminPhoneNumber: phoneOf("admin"),
        adminEmail: "rohit.mehra@cardpanel.in",
        sslStatus: "active",
      })
      .onConflictDoNothing({ target: agencies.host })
      .returning();
    if (!platform) return null;

    const [sunrise] = await tx
      .insert(agencies)
      .values({
        agencyName: "Sunrise Media",
        host: SECOND_AGENCY_HOST,
        roles: [],
        configuration: {
          imagePost: { enableImagePost: true, isVideoPostsIncluded: false },
          pdfCardConfig: { enablePdfCardProduct: false },
          video: { enableVideo: false },
          onlinePayment: { enablePaymentIntegration: false },
          dashboardConfig: { showInvitationTileInCustomerDashboard: false },
        },
        adminName: "Vikram Rao",
        adminPhoneNumber: phoneOf("otherAgencyAdmin"),
        adminEmail: "vikram.rao@sunrisemedia.in",
      })
      .returning();

    /* ---- Staff (franchisees) ---- */
    const staff = async (agencyId: number, name: string, phoneNumber: string, role: FranchiseeRole, extra = {}) => {
      const [row] = await tx
        .insert(franchisees)
        .values({ agencyId, name, phoneNumber, passwordHash, roles: [role], ...extra })
        .returning();
      return row;
    };
    const platformAdmin = await staff(platform.id, "Rohit Mehra", phoneOf("admin"), "admin", {
      email: "rohit.mehra@cardpanel.in",
    });
    const creator = await staff(platform.id, "Kavya Nair", phoneOf("creator"), "creator", {
      parentFranchiseeId: platformAdmin.id,
    });
    const franchisee = await staff(platform.id, "Arjun Singh", phoneOf("franchisee"), "franchisee", {
      parentFranchiseeId: creator.id,
    });
    await staff(platform.id, "Neha Joshi", phoneOf("franchiseeAllCards"), "franchisee-with-all-card-access", {
      parentFranchiseeId: platformAdmin.id,
    });
    const sunriseAdmin = await staff(sunrise.id, "Vikram Rao", phoneOf("otherAgencyAdmin"), "admin", {
      email: "vikram.rao@sunrisemedia.in",
      configuration: { hideBilling: false },
    });

    /* ---- Platform content (agencyId null = every agency sees it) ---- */
    const [festivals, businessCats, dailyWishes] = await tx
      .insert(imageCategories)
      .values([
        { name: "Festivals", sortOrder: 1 },
        { name: "Business Categories", sortOrder: 2 },
        { name: "Daily Wishes", sortOrder: 3 },
      ])
      .returning();
    const subcats = await tx
      .insert(imageSubcategories)
      .values([
        { imageCategoryId: festivals.imageCategoryId, name: "Republic Day", eventDate: nextOccurrence(1, 26, now), showOnHome: true, sortOrder: 1 },
        { imageCategoryId: festivals.imageCategoryId, name: "Independence Day", eventDate: nextOccurrence(8, 15, now), showOnHome: true, sortOrder: 2 },
        { imageCategoryId: festivals.imageCategoryId, name: "Gandhi Jayanti", eventDate: nextOccurrence(10, 2, now), sortOrder: 3 },
        { imageCategoryId: businessCats.imageCategoryId, name: "Sweet Shop", sortOrder: 1 },
        { imageCategoryId: businessCats.imageCategoryId, name: "Electricals", sortOrder: 2 },
        { imageCategoryId: businessCats.imageCategoryId, name: "Consultancy", sortOrder: 3 },
        { imageCategoryId: businessCats.imageCategoryId, name: "Dental Clinic", sortOrder: 4 },
        { imageCategoryId: dailyWishes.imageCategoryId, name: "Good Morning", showOnHome: true, sortOrder: 1 },
        { imageCategoryId: dailyWishes.imageCategoryId, name: "Motivational Quotes", sortOrder: 2 },
      ])
      .returning();
    const subcatId = (name: string) => subcats.find((s) => s.name === name)!.imageSubcategoryId;
    await tx.insert(imageTags).values([{ name: "festival" }, { name: "morning" }, { name: "offer" }, { name: "national" }]);
    await seedGreetings(tx, now);

    const linkTypeRows = await seedLinkStore(tx);
    const linkTypeId = (name: string) => linkTypeRows.find((l) => l.name === name)!.linkTypeId;

    await tx.insert(videoTemplates).values([
      {
        name: "Grand Opening",
        description: "15-second launch announcement with your logo, name and phone number.",
        previewUrl: "/demo/video-templates/grand-opening.mp4",
        durationSeconds: 15,
        fields: [
          { key: "businessName", label: "Business name", type: "text" },
          { key: "logo", label: "Logo", type: "image" },
          { key: "phoneNumber", label: "Phone number", type: "tel" },
        ],
        popularity: 12,
      },
      {
        name: "Festive Offer",
        description: "Festive sale promo: headline offer, business name and WhatsApp number.",
        previewUrl: "/demo/video-templates/festive-offer.mp4",
        durationSeconds: 20,
        fields: [
          { key: "offer", label: "Offer headline", type: "text" },
          { key: "businessName", label: "Business name", type: "text" },
          { key: "whatsappNumber", label: "WhatsApp number", type: "tel" },
        ],
        popularity: 30,
      },
    ]);

    await tx.insert(categoryStaticPages).values({
      category: "Sweet Shop",
      imageSubcategoryId: subcatId("Sweet Shop"),
      title: "Digital business cards for sweet shops",
      content: {
        heading: "Share your menu, prices and UPI in one link",
        description: "Customers save your number, see today's sweets and pay by UPI from one card.",
        sections: [
          { title: "Festive greetings", body: "Daily Diwali, Holi and Raksha Bandhan posts with your shop's frame." },
          { title: "Orders on WhatsApp", body: "One tap opens a chat with your counter." },
        ],
      },
      metaTitle: "Sweet shop digital visiting card",
      metaDescription: "Digital visiting cards and festive greetings for Indian sweet shops.",
    });

    /* ---- Plans (prices in paise) ---- */
    const [basic, premium] = await tx
      .insert(subscriptionPlans)
      .values([
        { agencyId: platform.id, name: "Basic", price: 99900, validityYears: 1, limits: BASIC_LIMITS, sortOrder: 1 },
        {
          agencyId: platform.id,
          name: "Premium",
          price: 249900,
          validityYears: 1,
          limits: PREMIUM_LIMITS,
          sortOrder: 2,
        },
        {
          agencyId: platform.id,
          name: "Premium 3 Years",
          price: 599900,
          validityYears: 3,
          limits: PREMIUM_LIMITS,
          sortOrder: 3,
        },
      ])
      .returning();
    const [sunriseStarter] = await tx
      .insert(subscriptionPlans)
      .values([
        { agencyId: sunrise.id, name: "Starter", price: 79900, validityYears: 1, limits: IMAGES_ONLY_LIMITS, sortOrder: 1 },
        {
          agencyId: sunrise.id,
          name: "Business",
          price: 199900,
          validityYears: 2,
          limits: IMAGES_ONLY_LIMITS,
          frameVisibility: { hideRegularFrame: false, hideProductFrame: false, hidePoliticalFrame: true },
          sortOrder: 2,
        },
      ])
      .returning();

    /* ---- Customers ---- */
    const [rajesh, foreign] = await tx
      .insert(users)
      .values([
        { agencyId: platform.id, phoneNumber: phoneOf("customer"), passwordHash },
        { agencyId: platform.id, email: DEMO_ACCOUNTS.foreignCustomer.login.email, isForeignUser: true, passwordHash },
      ])
      .returning();
    const [meera] = await tx
      .insert(users)
      .values({ agencyId: sunrise.id, phoneNumber: phoneOf("otherAgencyCustomer"), passwordHash })
      .returning();

    /* ---- Businesses: paid, expired, on its trial, expiring in 5 days ---- */
    const sharmaPaidAt = daysFromNow(-60, now);
    // Made 2½ days ago: unpaid, on the platform's default trial (ADR 0015): "Trial ends in 4 days" for 12 hours.
    const iyerCreatedAt = daysFromNow(-2.5, now);
    const sharmaExpiry = daysFromNow(-60 + 365, now);
    const guptaExpiry = daysFromNow(-10, now);
    const dentalExpiry = daysFromNow(5, now);

    const [sharma, gupta, iyer, dental] = await tx
      .insert(businesses)
      .values([
        {
          agencyId: platform.id,
          userId: rajesh.id,
          businessName: "Sharma Sweets",
          title: "Mr.",
          contactPerson: "Rajesh Sharma",
          businessNature: "Retailer",
          category: "Sweet Shop",
          imageSubcategoryId: subcatId("Sweet Shop"),
          phoneNumber: "+919876543210",
          whatsappNumber: "+919876543210",
          email: "orders@sharmasweets.in",
          address: "Shop 12, Johari Bazaar, Jaipur, Rajasthan 302003",
          mapLink: "https://maps.google.com/?q=Johari+Bazaar+Jaipur",
          frameSettings: { frameName: "frame7", height: "HEIGHT-2", display: "all-details" },
          expiryDateForCustomer: sharmaExpiry,
          paymentStatus: 1,
          isSubscriptionActive: true,
          subscriptionPlanId: premium.subscriptionPlanId,
          planLimits: premium.limits,
          frameVisibility: premium.frameVisibility,
          createdAt: daysFromNow(-90, now),
        },
        {
          agencyId: platform.id,
          userId: rajesh.id,
          businessName: "Gupta Electricals",
          title: "Mr.",
          contactPerson: "Sanjay Gupta",
          businessNature: "Wholesaler",
          category: "Electricals",
          imageSubcategoryId: subcatId("Electricals"),
          phoneNumber: "+919876543210",
          alternatePhoneNumber: "+919123456780",
          email: "sales@guptaelectricals.in",
          address: "22 Lamington Road, Grant Road East, Mumbai, Maharashtra 400007",
          mapLink: "https://maps.google.com/?q=Lamington+Road+Mumbai",
          expiryDateForCustomer: guptaExpiry,
          paymentStatus: 1,
          isSubscriptionActive: false,
          subscriptionPlanId: basic.subscriptionPlanId,
          planLimits: basic.limits,
          frameVisibility: basic.frameVisibility,
          // Made by a franchisee for the customer (shows up in that franchisee's lists).
          businessMadeBy: "franchisee",
          madeByFranchiseeId: franchisee.id,
          createdAt: daysFromNow(-400, now),
        },
        {
          agencyId: platform.id,
          userId: foreign.id,
          businessName: "Iyer Consulting",
          title: "Dr.",
          contactPerson: "Lakshmi Iyer",
          businessNature: "Consultancy Services",
          category: "Consultancy",
          imageSubcategoryId: subcatId("Consultancy"),
          phoneNumber: "+442079460958",
          email: "foreign@example.com",
          address: "221 Baker Street, London NW1 6XE, United Kingdom",
          expiryDateForCustomer: trialExpiry(iyerCreatedAt, trialDays(undefined)),
          createdAt: iyerCreatedAt,
        },
        {
          agencyId: sunrise.id,
          userId: meera.id,
          businessName: "Smile Care Dental Clinic",
          title: "Dr.",
          contactPerson: "Meera Kulkarni",
          businessNature: "Service provider",
          category: "Dental Clinic",
          imageSubcategoryId: subcatId("Dental Clinic"),
          phoneNumber: "+919876543211",
          whatsappNumber: "+919876543211",
          email: "hello@smilecaredental.in",
          address: "3rd Floor, FC Road, Shivajinagar, Pune, Maharashtra 411005",
          mapLink: "https://maps.google.com/?q=FC+Road+Pune",
          expiryDateForCustomer: dentalExpiry,
          paymentStatus: 1,
          isSubscriptionActive: true,
          subscriptionPlanId: sunriseStarter.subscriptionPlanId,
          planLimits: sunriseStarter.limits,
          frameVisibility: sunriseStarter.frameVisibility,
          createdAt: daysFromNow(-365, now),
        },
      ])
      .returning();

    await tx.update(users).set({ preference: { activeBusinessId: sharma.businessId } }).where(eq(users.id, rajesh.id));
    await seedPromoVideos(tx, { agencyId: platform.id, businessId: sharma.businessId, now });
    await tx.update(users).set({ preference: { activeBusinessId: iyer.businessId } }).where(eq(users.id, foreign.id));
    await tx.update(users).set({ preference: { activeBusinessId: dental.businessId } }).where(eq(users.id, meera.id));
    await seedPdfCards(tx, { agencyId: platform.id, businessId: sharma.businessId, now });

    /* ---- Payments (manual, recorded by an admin: no fake gateway ids) ---- */
    await tx.insert(cardPayments).values([
      {
        agencyId: platform.id,
        businessId: sharma.businessId,
        subscriptionPlanId: premium.subscriptionPlanId,
        planName: premium.name,
        amount: premium.price,
        isManualUpdate: true,
        status: "paid",
        paidAt: sharmaPaidAt,
        validFrom: sharmaPaidAt,
        validUntil: sharmaExpiry,
        recordedByFranchiseeId: platformAdmin.id,
        createdAt: sharmaPaidAt,
      },
      {
        agencyId: platform.id,
        businessId: gupta.businessId,
        subscriptionPlanId: basic.subscriptionPlanId,
        planName: basic.name,
        amount: basic.price,
        isManualUpdate: true,
        status: "paid",
        paidAt: yearsBefore(guptaExpiry, 1),
        validFrom: yearsBefore(guptaExpiry, 1),
        validUntil: guptaExpiry,
        recordedByFranchiseeId: platformAdmin.id,
        createdAt: yearsBefore(guptaExpiry, 1),
      },
      {
        agencyId: sunrise.id,
        businessId: dental.businessId,
        subscriptionPlanId: sunriseStarter.subscriptionPlanId,
        planName: sunriseStarter.name,
        amount: sunriseStarter.price,
        isManualUpdate: true,
        status: "paid",
        paidAt: yearsBefore(dentalExpiry, 1),
        validFrom: yearsBefore(dentalExpiry, 1),
        validUntil: dentalExpiry,
        recordedByFranchiseeId: sunriseAdmin.id,
        createdAt: yearsBefore(dentalExpiry, 1),
      },
    ]);

    /* ---- One card per business ---- */
    const cardRows = await tx
      .insert(cards)
      .values([
        {
          agencyId: platform.id,
          businessId: sharma.businessId,
          cardId: "sharma-sweets",
          template: "style-1",
          basicDetails: {
            name: "Rajesh Sharma",
            designation: "Owner",
            companyName: "Sharma Sweets",
            tagline: "Pure desi ghee sweets since 1985",
            phoneNumber: "+919876543210",
            whatsappNumber: "+919876543210",
            email: "orders@sharmasweets.in",
            website: "https://sharmasweets.in",
            address: "Shop 12, Johari Bazaar, Jaipur, Rajasthan 302003",
            mapLink: "https://maps.google.com/?q=Johari+Bazaar+Jaipur",
          },
          paymentOptions: {
            upiId: "demo@upi",
            upiName: "Sharma Sweets",
            bankAccounts: [
              {
                accountName: "Sharma Sweets",
                accountNumber: "000123456789",
                ifsc: "SBIN0000001",
                bankName: "State Bank of India",
                branch: "Johari Bazaar, Jaipur",
              },
            ],
          },
          aboutUs: {
            title: "About Us",
            description:
              "Three generations of halwais in the heart of Jaipur. Every sweet is made fresh each morning in pure desi ghee, with no artificial colours.",
            establishedYear: 1985,
            specialities: ["Ghewar", "Kaju Katli", "Motichoor Laddoo"],
          },
          products: {
            title: "Our Sweets",
            items: [
              { name: "Kaju Katli (500 g)", description: "Cashew fudge with silver varq.", price: 45000 },
              { name: "Motichoor Laddoo (1 kg)", description: "Made with pure desi ghee.", price: 52000 },
              { name: "Festive Gift Box", description: "Assorted sweets, 1 kg, gift wrapped.", price: 99900 },
            ],
          },
          links: {
            title: "Find us online",
            items: [
              { linkTypeId: linkTypeId("WhatsApp"), label: "WhatsApp", url: "https://wa.me/919876543210" },
              { linkTypeId: linkTypeId("Instagram"), label: "Instagram", url: "https://instagram.com/sharmasweets" },
              { linkTypeId: linkTypeId("Website"), label: "Website", url: "https://sharmasweets.in" },
            ],
          },
          settings: { themeColor: "#e65100", showSaveContact: true, showShareButton: true },
          imagePostEnabled: true,
          imagePostSettings: { frameName: "frame7", height: "HEIGHT-2", display: "all-details" },
          viewCount: 128,
        },
        {
          agencyId: platform.id,
          businessId: gupta.businessId,
          cardId: "gupta-electricals",
          template: "style-2",
          basicDetails: {
            name: "Sanjay Gupta",
            designation: "Proprietor",
            companyName: "Gupta Electricals",
            tagline: "Wires, switches and lighting at wholesale rates",
            phoneNumber: "+919876543210",
            alternatePhoneNumber: "+919123456780",
            email: "sales@guptaelectricals.in",
            address: "22 Lamington Road, Grant Road East, Mumbai, Maharashtra 400007",
            mapLink: "https://maps.google.com/?q=Lamington+Road+Mumbai",
            contactFields: [{ type: "text", label: "GSTIN", value: "27ABCDE1234F1Z5" }],
          },
          paymentOptions: { upiId: "demo@upi", upiName: "Gupta Electricals" },
          aboutUs: {
            description: "Authorised dealer of leading brands of wires, switchgear and LED lighting since 1998.",
            establishedYear: 1998,
          },
          products: {
            title: "Products",
            items: [
              { name: "FR PVC Wire 1.5 sq mm (90 m)", price: 185000 },
              { name: "LED Panel Light 18 W", price: 54900 },
              { name: "Modular Switch Board (8 module)", price: null },
            ],
          },
          links: {
            items: [{ linkTypeId: linkTypeId("WhatsApp"), label: "WhatsApp", url: "https://wa.me/919876543210" }],
          },
          settings: { sectionTitles: { products: "Popular Products" }, showSaveContact: true },
        },
        {
          agencyId: platform.id,
          businessId: iyer.businessId,
          cardId: "iyer-consulting",
          template: "style-2",
          basicDetails: {
            name: "Dr. Lakshmi Iyer",
            designation: "Principal Consultant",
            companyName: "Iyer Consulting",
            phoneNumber: "+442079460958",
            email: "foreign@example.com",
            website: "https://iyerconsulting.example",
            address: "221 Baker Street, London NW1 6XE, United Kingdom",
          },
          aboutUs: {
            description: "Market-entry advice for Indian manufacturers exporting to the UK and EU.",
            specialities: ["Export compliance", "Distributor search", "Trade fairs"],
          },
          products: {
            title: "Services",
            items: [
              { name: "Market-entry assessment", price: 2500000 },
              { name: "Export documentation review", price: 750000 },
            ],
          },
          links: {
            items: [{ linkTypeId: linkTypeId("Website"), label: "Website", url: "https://iyerconsulting.example" }],
          },
          settings: { showSaveContact: true },
        },
        {
          agencyId: sunrise.id,
          businessId: dental.businessId,
          cardId: "smile-care-dental",
          template: "style-1",
          basicDetails: {
            name: "Dr. Meera Kulkarni",
            designation: "BDS, MDS (Orthodontics)",
            companyName: "Smile Care Dental Clinic",
            phoneNumber: "+919876543211",
            whatsappNumber: "+919876543211",
            email: "hello@smilecaredental.in",
            address: "3rd Floor, FC Road, Shivajinagar, Pune, Maharashtra 411005",
            mapLink: "https://maps.google.com/?q=FC+Road+Pune",
          },
          paymentOptions: { upiId: "demo@upi", upiName: "Smile Care Dental" },
          aboutUs: {
            description: "Painless dentistry for the whole family. Open Monday to Saturday, 10 am to 8 pm.",
            establishedYear: 2012,
          },
          products: {
            title: "Treatments",
            items: [
              { name: "Consultation", price: 50000 },
              { name: "Scaling and polishing", price: 150000 },
              { name: "Root canal treatment", price: 650000 },
            ],
          },
          links: {
            items: [{ linkTypeId: linkTypeId("WhatsApp"), label: "Book on WhatsApp", url: "https://wa.me/919876543211" }],
          },
          settings: { themeColor: "#00897b", showSaveContact: true },
          imagePostEnabled: true,
        },
      ])
      .returning();

    const sharmaCard = cardRows[0];
    await tx.insert(feedback).values([
      {
        agencyId: platform.id,
        businessId: sharma.businessId,
        cardNo: sharmaCard.cardNo,
        name: "Priya Agarwal",
        phoneNumber: "+919811122233",
        message: "The ghewar was excellent. Do you deliver to Malviya Nagar?",
      },
      {
        agencyId: platform.id,
        businessId: sharma.businessId,
        cardNo: sharmaCard.cardNo,
        kind: "enquiry",
        name: "Amit Khanna",
        email: "amit.khanna@example.com",
        message: "Need 200 gift boxes for a wedding on the 12th. Please share a quote.",
      },
    ]);

    await seedBilling(tx, sunrise.id);

    const platformOrigin = originFor(mainHost, opts);
    const sunriseOrigin = originFor(SECOND_AGENCY_HOST, opts);
    const staffLogin = (origin: string) => `${origin}/panel/franchisee-login`;
    const customerLogin = (origin: string) => `${origin}/panel/login`;
    const signIn = (role: string, login: string, url: string) => ({ role, login, password: DEMO_PASSWORD, url });

    return {
      created: true,
      agencies: [
        { name: platform.agencyName, host: platform.host },
        { name: sunrise.agencyName, host: sunrise.host },
      ],
      signIns: Object.values(DEMO_ACCOUNTS).map((a) => {
        const origin = a.agency === "platform" ? platformOrigin : sunriseOrigin;
        const url = a.kind === "staff" ? staffLogin(origin) : "email" in a.login ? `${customerLogin(origin)}?foreign=1` : customerLogin(origin);
        return signIn(a.label, "email" in a.login ? a.login.email : a.login.phoneNumber, url);
      }),
      // Only the platform's cards: the Sunrise card lives on sunrise.localhost, not on mainHost.
      publicCardIds: cardRows.filter((c) => c.agencyId === platform.id).map((c) => c.cardId),
    } satisfies SeedSummary;
  });

  return summary ?? notCreated(db);
}

async function notCreated(db: Db): Promise<SeedSummary> {
  const rows = await db.select({ name: agencies.agencyName, host: agencies.host }).from(agencies).orderBy(agencies.id);
  return { created: false, agencies: rows, signIns: [], publicCardIds: [] };
}

/** The same scheme and port as the platform's public URL, on another host. */
function originFor(host: string, opts: SeedOptions): string {
  const url = new URL(opts.publicUrl ?? `http://${opts.mainHost}`);
  url.hostname = host;
  return url.origin;
}
