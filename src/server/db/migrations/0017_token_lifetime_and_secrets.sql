-- A token never outlives its creator's rights (docs/product.md#api-tokens). Tokens whose creator is unknown
-- (made by another token before tokens inherited their maker's creator), no longer a member, or now holds a
-- role that does not cover the token's are revoked: nothing bounds them. From here on the key below removes a
-- member's tokens with the membership, and src/domain/permissions.ts (roleCovers) is checked on every
-- request.
DELETE FROM "api_tokens" t
WHERE t."created_by" IS NULL
   OR NOT EXISTS (
     SELECT 1 FROM "property_members" m
     WHERE m."property_id" = t."property_id" AND m."user_id" = t."created_by"
       AND (m."role" IN ('owner', 'manager')
            OR (m."role" = 'front_desk' AND t."role" IN ('front_desk', 'housekeeping'))
            OR (m."role" = 'housekeeping' AND t."role" = 'housekeeping')));
--> statement-breakpoint
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "created_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_creator_fk" FOREIGN KEY ("property_id","created_by") REFERENCES "public"."property_members"("property_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Secrets are never kept by the idempotency store (decision 015): answers stored before that rule that
-- carried an API token or a webhook signing secret keep only the created record's id and name, which is
-- all a replay of them reads (src/server/http/idempotency.ts).
UPDATE "idempotency_keys"
SET "response_body" = jsonb_build_object('id', "response_body"::jsonb ->> 'id',
                                         'name', "response_body"::jsonb ->> 'name')::text
WHERE position('"token":"ikt_' in "response_body") > 0
   OR position('"secret":"whsec_' in "response_body") > 0;
