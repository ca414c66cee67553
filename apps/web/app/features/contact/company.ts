/** Where the company can be written to or visited (footer "address" and "work with us" dialogs). */
export const COMPANY = {
  name: 'Parcelle SAS',
  street: '12 rue des Ateliers',
  postcode: '75011',
  city: 'Paris',
  careersEmail: (import.meta.env.VITE_CAREERS_EMAIL as string | undefined) || 'careers@parcelle.art',
  contactEmail: (import.meta.env.VITE_CONTACT_EMAIL as string | undefined) || 'hello@parcelle.art',
} as const;
