-- The SIRENs (first 9 digits) of an award's winners with a SIRET or SIREN: a company finds the
-- awards of all its establishments through the index on it.
CREATE FUNCTION "award_winner_sirens"(winners jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT left(w->>'siret', 9)), '{}')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(winners) = 'array' THEN winners ELSE '[]'::jsonb END) AS w
  WHERE length(w->>'siret') >= 9
$$;
--> statement-breakpoint
CREATE INDEX "awards_winner_sirens_idx" ON "awards" USING gin (award_winner_sirens("winners"));