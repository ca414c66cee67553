/** The member's investor profile in the query cache (issue 30): read by the page and by the buying screens. */
export const INVESTOR_KEY = ['user', 'investor'] as const;

/** The steps an investor gate names (403 `step`), each resolved on /user/investor-profile. */
export const INVESTOR_GATE_STEPS = [
  'investor_knowledge_test',
  'investor_risk_warning',
  'investor_loss_simulation',
] as const;
export const INVESTMENT_WARNING_STEP = 'investment_warning';
