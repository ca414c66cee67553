import type {
  TComplaintReceipt,
  TComplaintsContact,
  TMemberComplaintRequest,
  TMemberComplaints,
  TPublicComplaintRequest,
} from '@parcelle/shared/contracts/complaints';
import { queryOptions } from '@tanstack/react-query';
import { apiData, apiRequest } from '../session/api';

/** The complainant's calls (issue 30; apps/api/src/modules/complaints/routes.ts). */

export const COMPLAINTS_KEY = ['user', 'complaints'] as const;

export const memberComplaintsQuery = queryOptions({
  queryKey: COMPLAINTS_KEY,
  queryFn: () => apiData<TMemberComplaints>('/user/complaints'),
});

export const complaintsContactQuery = queryOptions({
  queryKey: ['complaints', 'contact'],
  queryFn: () => apiData<TComplaintsContact>('/complaints/contact'),
  staleTime: 60 * 60_000,
});

export function fileMemberComplaint(body: TMemberComplaintRequest) {
  return apiRequest<TComplaintReceipt>('/user/complaints', { method: 'POST', body });
}

export function filePublicComplaint(body: TPublicComplaintRequest) {
  return apiRequest<TComplaintReceipt>('/complaints', { method: 'POST', body });
}
