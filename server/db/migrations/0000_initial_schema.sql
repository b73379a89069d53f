CREATE TABLE "auth_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"return_to" text DEFAULT '/' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"issue_number" text DEFAULT '' NOT NULL,
	"publisher" text DEFAULT '' NOT NULL,
	"publication_year" integer,
	"cgc_grade" numeric(3, 1),
	"cgc_cert_number" text,
	"variant" text,
	"key_issue" boolean,
	"notes" text DEFAULT '' NOT NULL,
	"confidence" real DEFAULT 0 NOT NULL,
	"estimated_value_cents" integer,
	"cash_offer_cents" integer,
	"store_credit_offer_cents" integer,
	"user_response" text,
	"admin_status" text DEFAULT 'awaiting_review' NOT NULL,
	"extraction" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comics_publication_year_check" CHECK ("comics"."publication_year" between 1900 and 2100),
	CONSTRAINT "comics_cgc_grade_check" CHECK ("comics"."cgc_grade" between 0.5 and 10),
	CONSTRAINT "comics_confidence_check" CHECK ("comics"."confidence" between 0 and 1),
	CONSTRAINT "comics_estimated_value_cents_check" CHECK ("comics"."estimated_value_cents" >= 0),
	CONSTRAINT "comics_cash_offer_cents_check" CHECK ("comics"."cash_offer_cents" >= 0),
	CONSTRAINT "comics_store_credit_offer_cents_check" CHECK ("comics"."store_credit_offer_cents" >= 0),
	CONSTRAINT "comics_user_response_check" CHECK ("comics"."user_response" in ('accepted_cash', 'accepted_credit', 'user_rejected')),
	CONSTRAINT "comics_admin_status_check" CHECK ("comics"."admin_status" in ('awaiting_review', 'pending', 'pending_user_approval', 'rejected', 'accepted_cash', 'accepted_credit', 'user_rejected'))
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid,
	"guest_token_hash" text,
	"comic_id" uuid,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"content_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_byte_size_check" CHECK ("images"."byte_size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "local_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"given_name" text DEFAULT '' NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "mail_outbox_attempts_check" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "oidc_provider_models" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_provider_models_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"id_token" text,
	"refresh_token" text,
	"access_token" text,
	"access_token_expires_at" timestamp with time zone,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "status_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"submission_id" uuid NOT NULL,
	"comic_id" uuid,
	"actor_user_id" uuid,
	"actor_role" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'awaiting_review' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_estimated_value_cents" integer,
	"total_cash_offer_cents" integer,
	"total_store_credit_offer_cents" integer,
	"tracking_id" text,
	"carrier" text,
	"dispute_message" text,
	"paypal_transaction_id" text,
	"idempotency_key" text,
	"processed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "submissions_user_idempotency_key_unique" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "submissions_status_check" CHECK ("submissions"."status" in ('awaiting_review', 'pending', 'awaiting_shipment', 'shipped', 'inspecting_submission', 'dispute', 'resolved', 'paid', 'declined', 'cancelled', 'submission_processed', 'user_response')),
	CONSTRAINT "submissions_carrier_check" CHECK ("submissions"."carrier" in ('UPS', 'FedEx', 'USPS', 'DHL', 'Other')),
	CONSTRAINT "submissions_total_estimated_value_cents_check" CHECK ("submissions"."total_estimated_value_cents" >= 0),
	CONSTRAINT "submissions_total_cash_offer_cents_check" CHECK ("submissions"."total_cash_offer_cents" >= 0),
	CONSTRAINT "submissions_total_store_credit_offer_cents_check" CHECK ("submissions"."total_store_credit_offer_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"payment_email" text,
	"store_email" text,
	"username" text,
	"oidc_issuer" text,
	"oidc_subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_oidc_identity_unique" UNIQUE("oidc_issuer","oidc_subject"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "comics" ADD CONSTRAINT "comics_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_events" ADD CONSTRAINT "status_events_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_events" ADD CONSTRAINT "status_events_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_events" ADD CONSTRAINT "status_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_transactions_expires_at_idx" ON "auth_transactions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "comics_submission_id_idx" ON "comics" USING btree ("submission_id","position");--> statement-breakpoint
CREATE INDEX "comics_title_lower_idx" ON "comics" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "images_owner_user_id_idx" ON "images" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "images_comic_id_idx" ON "images" USING btree ("comic_id");--> statement-breakpoint
CREATE INDEX "images_guest_token_hash_idx" ON "images" USING btree ("guest_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "local_accounts_email_lower_unique" ON "local_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "mail_outbox_status_send_after_idx" ON "mail_outbox" USING btree ("status","send_after");--> statement-breakpoint
CREATE INDEX "oidc_provider_models_grant_id_idx" ON "oidc_provider_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_provider_models_user_code_idx" ON "oidc_provider_models" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "oidc_provider_models_uid_idx" ON "oidc_provider_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_provider_models_expires_at_idx" ON "oidc_provider_models" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "status_events_submission_id_created_at_idx" ON "status_events" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "submissions_status_created_at_idx" ON "submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "submissions_user_id_created_at_idx" ON "submissions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_created_at_idx" ON "submissions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));