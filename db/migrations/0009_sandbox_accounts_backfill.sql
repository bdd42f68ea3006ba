-- Sandbox accounts are made when a workspace is made (api/auth/users.repo.ts), no longer lazily by
-- GET /api/simulator and GET /api/social-accounts (reads must not write). Workspaces made before
-- that get theirs here, once, with the same rows and sample posts as db/sandbox/seed-sandbox.ts.
INSERT INTO "social_accounts" ("workspace_id", "platform", "provider", "external_id", "username", "display_name")
SELECT w."id", a."platform", 'sandbox', a."prefix" || w."id", a."username", a."display_name"
FROM "workspaces" w
CROSS JOIN (VALUES
  ('instagram', 'sandbox-ig-', 'your.brand', 'Your Brand (Instagram sandbox)'),
  ('facebook', 'sandbox-fb-', 'yourbrandpage', 'Your Brand (Messenger sandbox)')
) AS a("platform", "prefix", "username", "display_name")
ON CONFLICT ("provider", "platform", "external_id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "posts" ("workspace_id", "account_id", "external_id", "caption", "image_url", "permalink")
SELECT a."workspace_id", a."id", a."platform" || '-post-' || p."key", p."caption", p."image",
  CASE WHEN a."platform" = 'instagram' THEN 'https://www.instagram.com/p/' ELSE 'https://www.facebook.com/yourbrandpage/posts/' END
    || a."platform" || '-post-' || p."key"
FROM "social_accounts" a
CROSS JOIN (VALUES
  ('launch', 'Our spring collection is here 🌸 Comment PRICE and we will DM you the lookbook!', '/sandbox/post-launch.svg'),
  ('guide', 'Free 5-day posting guide. Comment GUIDE to get it in your DMs.', '/sandbox/post-guide.svg'),
  ('webinar', 'Live Q&A on Thursday — comment LINK for the invite.', '/sandbox/post-webinar.svg')
) AS p("key", "caption", "image")
WHERE a."provider" = 'sandbox'
ON CONFLICT ("account_id", "external_id") DO NOTHING;
