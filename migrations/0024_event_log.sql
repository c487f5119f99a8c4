CREATE TABLE "event_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"events" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
-- The log's first row: the log is never empty, so every stream has an id to resume from (decision 043).
INSERT INTO "event_log" ("events") VALUES ('[]'::jsonb);--> statement-breakpoint
-- Sends a transaction's NOTIFYs, given as [channel, payload] pairs. Realtime events (channel app_events) are
-- first written to the event log under a transaction-scoped advisory lock, held until the transaction ends:
-- log ids are taken in the order of commits, so a reader that sees id N sees every committed id below it. The
-- notification carries the row's id with its events.
CREATE FUNCTION "app_notify"(pairs jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  pair jsonb;
  logged bigint;
  sent integer := 0;
BEGIN
  FOR pair IN SELECT value FROM jsonb_array_elements(coalesce(pairs, '[]'::jsonb)) LOOP
    IF pair->>0 = 'app_events' THEN
      IF logged IS NULL THEN
        PERFORM pg_advisory_xact_lock(7318002);
      END IF;
      INSERT INTO event_log (events) VALUES (
        CASE WHEN jsonb_typeof((pair->>1)::jsonb) = 'array' THEN (pair->>1)::jsonb ELSE jsonb_build_array((pair->>1)::jsonb) END
      ) RETURNING id INTO logged;
      PERFORM pg_notify('app_events', '{"id":' || logged || ',"events":' || (pair->>1) || '}');
    ELSE
      PERFORM pg_notify(pair->>0, pair->>1);
    END IF;
    sent := sent + 1;
  END LOOP;
  RETURN sent;
END
$$;
