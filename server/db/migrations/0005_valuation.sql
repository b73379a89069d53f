CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "price_guide_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"title_key" text NOT NULL,
	"issue" text NOT NULL,
	"issue_key" text NOT NULL,
	"publisher" text DEFAULT '' NOT NULL,
	"publisher_key" text DEFAULT '' NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"variant_key" text DEFAULT '' NOT NULL,
	"cover_date" text DEFAULT '' NOT NULL,
	"grade" numeric(3, 1) NOT NULL,
	"label_category" text DEFAULT 'Universal' NOT NULL,
	"fair_value_cents" integer NOT NULL,
	"sales_last_year" integer,
	"avg_30_days_cents" integer,
	"avg_90_days_cents" integer,
	"avg_365_days_cents" integer,
	"as_of" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_guide_entries_grade_check" CHECK ("price_guide_entries"."grade" between 0.5 and 10),
	CONSTRAINT "price_guide_entries_fair_value_cents_check" CHECK ("price_guide_entries"."fair_value_cents" >= 0),
	CONSTRAINT "price_guide_entries_sales_last_year_check" CHECK ("price_guide_entries"."sales_last_year" >= 0),
	CONSTRAINT "price_guide_entries_averages_check" CHECK ("price_guide_entries"."avg_30_days_cents" >= 0 and "price_guide_entries"."avg_90_days_cents" >= 0 and "price_guide_entries"."avg_365_days_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "market_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"title_key" text NOT NULL,
	"issue" text NOT NULL,
	"issue_key" text NOT NULL,
	"publisher" text DEFAULT '' NOT NULL,
	"publisher_key" text DEFAULT '' NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"variant_key" text DEFAULT '' NOT NULL,
	"grade" numeric(3, 1) NOT NULL,
	"price_cents" integer NOT NULL,
	"sold_on" date NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_sales_grade_check" CHECK ("market_sales"."grade" between 0.5 and 10),
	CONSTRAINT "market_sales_price_cents_check" CHECK ("market_sales"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "valuation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "valuation_settings_single_row_check" CHECK ("valuation_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "valuation_settings" ADD CONSTRAINT "valuation_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "price_guide_entries_book_grade_unique" ON "price_guide_entries" USING btree ("title_key","issue_key","publisher_key","variant_key","grade","label_category");
--> statement-breakpoint
CREATE INDEX "price_guide_entries_title_key_trgm_idx" ON "price_guide_entries" USING gin ("title_key" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "price_guide_entries_issue_key_idx" ON "price_guide_entries" USING btree ("issue_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "market_sales_sale_unique" ON "market_sales" USING btree ("title_key","issue_key","publisher_key","variant_key","grade","sold_on","price_cents","source");
--> statement-breakpoint
CREATE INDEX "market_sales_title_key_trgm_idx" ON "market_sales" USING gin ("title_key" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "market_sales_issue_key_idx" ON "market_sales" USING btree ("issue_key");
