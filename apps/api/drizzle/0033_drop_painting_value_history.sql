-- Decision 417: no longer read or written since decision 167 (its rows were the demo seed's, now its yearly appraisals).
-- Without CASCADE: nothing references it, and anything unforeseen that did would stop the migration instead.
DROP TABLE "painting_value_history";
