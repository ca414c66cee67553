/** The variable that carries the name of the run's template database from the global set-up to the test files. */
export const TEMPLATE_ENV = 'PARCELLE_TEST_TEMPLATE';
