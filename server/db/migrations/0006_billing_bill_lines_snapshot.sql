ALTER TABLE "month_bill_items" DROP CONSTRAINT "month_bill_items_agency_id_agencies_id_fk";
--> statement-breakpoint
ALTER TABLE "month_bill_items" DROP CONSTRAINT "month_bill_items_business_id_businesses_business_id_fk";
--> statement-breakpoint
ALTER TABLE "month_bill_items" DROP CONSTRAINT "month_bill_items_card_no_cards_card_no_fk";
--> statement-breakpoint
DROP INDEX "month_bill_items_card_idx";--> statement-breakpoint
DROP INDEX "month_bill_items_agency_idx";