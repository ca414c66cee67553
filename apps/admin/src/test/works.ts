import { act, fireEvent, screen } from '@testing-library/react';

/** A work as GET /api/admin/paintings lists it, for the screens that pick one (WorkPicker). */
export const listedWork = {
  id: '3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
  slug: 'les-nympheas',
  artist_id: 'a1',
  artist_name: 'Claude Monet',
  title_en: 'Water Lilies',
  title_fr: 'Les Nymphéas',
  description_en: '',
  description_fr: '',
  type_en: 'Oil on canvas',
  type_fr: 'Huile sur toile',
  year: 1906,
  width_cm: 90,
  height_cm: 100,
  total_parts: 400,
  sold_parts: 300,
  price_per_part_minor: 2_500,
  market: 'primary',
  opens_at: null,
  cover_img: 'paintings/nympheas.webp',
  images: [],
  certificate_wording_en: '',
  certificate_wording_fr: '',
  entry_fee_minor: null,
  storage_cost_yearly_minor: null,
  insurance_cost_yearly_minor: null,
  exit_fee_minor: null,
  exit_share_bps: null,
  custody_place_en: null,
  custody_place_fr: null,
  insurer: null,
  target_holding_years: null,
  created_at: '2026-01-10T10:00:00.000Z',
};

export const listedWorks = { paintings: [listedWork], total: 1 };

/** Chooses the listed work in the picker labelled `label`, as the operator does: in the field, typing, an option. */
export async function pickWork(label: RegExp, typed = 'nymph'): Promise<void> {
  const input = screen.getByRole('combobox', { name: label });
  act(() => input.focus());
  fireEvent.change(input, { target: { value: typed } });
  fireEvent.click(await screen.findByRole('option', { name: /Water Lilies|Les Nymphéas/ }, { timeout: 5_000 }));
}
