-- Aborts the statement that calls it (and so its implicit transaction) with `reason`: a
-- single-statement write (the inbound path's new ticket) uses it to undo its earlier parts when a
-- later part finds the row it would write already there. VOLATILE, so it only runs when reached.
CREATE OR REPLACE FUNCTION prosa_abort(reason text) RETURNS boolean
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = reason;
END;
$$;
