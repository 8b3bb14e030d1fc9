-- A name folded as normalisedBuyer folds it in server/domains/sourcing/market.ts (lower case,
-- accents and ligatures spelled plain, every run of other characters one space, trimmed): the
-- market card finds a buyer's past awards by name through the index on it, and groups winners by it.
CREATE FUNCTION "name_key"(name text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT trim(regexp_replace(translate(lower(replace(replace(replace(replace(name, 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae')),
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝŸýÿ', 'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy'), '[^a-z0-9]+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE INDEX "awards_buyer_key_idx" ON "awards" USING btree (name_key("buyer"));
