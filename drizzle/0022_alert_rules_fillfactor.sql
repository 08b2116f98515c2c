-- Every import that touches a series moves `last_day` and `met` of each of its alert rules (the
-- claim, docs/alerts.md "Scale"). Room left on each page lets PostgreSQL write the new row version
-- beside the old one without new index entries (a HOT update): neither column is indexed.
ALTER TABLE "alert_rules" SET (fillfactor = 50);
