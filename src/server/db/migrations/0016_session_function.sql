-- The session behind a request, with the user's role in the property asked about (src/server/auth/sessions.ts):
-- read before every API request does anything else. As a function so that each connection plans it once
-- (PL/pgSQL keeps its statements' plans): sent as a query it was planned on every request, and planning
-- cost three times what running it did (docs/decisions/033-session-read-planned-once.md).
CREATE FUNCTION "innkeep_session"(p_token_hash text, p_property uuid)
RETURNS TABLE ("id" uuid, "expiresMs" double precision, "email" text, "displayName" text,
               "emailVerified" boolean, "role" text, "invited" boolean)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT u.id, extract(epoch FROM s.expires_at)::double precision * 1000, u.email, u.display_name,
         u.email_verified,
         (SELECT m.role FROM property_members m WHERE m.property_id = p_property AND m.user_id = u.id),
         u.email_verified AND EXISTS (SELECT 1 FROM invitations i WHERE i.email = lower(btrim(u.email)))
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = p_token_hash AND s.expires_at > now()
  LIMIT 1;
END
$$;
