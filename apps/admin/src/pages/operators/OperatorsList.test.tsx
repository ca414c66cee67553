import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '../../test/fetch';
import { headersInView } from '../../test/grid';
import { renderScreen, setUpScreenTests } from '../../test/screen';
import { OperatorsList } from './OperatorsList';

const operator = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  email: 'finance@parcelle.art',
  first_name: 'Camille',
  last_name: 'Roux',
  operator_role: 'finance',
  totp_enrolled: true,
  disabled: false,
  created_at: '2026-11-20T10:00:00.000Z',
};

setUpScreenTests();

describe('the operators list', () => {
  it('shows who and the disable button together in a 1280 px window', async () => {
    stubFetch([ok({ operators: [operator], total: 1 })]);
    renderScreen(<OperatorsList />, {
      path: '*',
      url: '/operators',
      resources: [{ name: 'operators', list: '/operators' }],
    });
    await screen.findByText('finance@parcelle.art');
    expect(headersInView()).toEqual(expect.arrayContaining(['Email', 'Name', 'Actions']));
    expect(screen.getByRole('button', { name: 'Disable' })).toBeTruthy();
  });
});
