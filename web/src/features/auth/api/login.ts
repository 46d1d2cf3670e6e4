import { api } from '@/lib/api-client';
import type { LoginAnswer, MfaChallenge } from '@/types/api';
import type { components } from '@/types/schema';

export type LoginInput = components['schemas']['LoginBody'];

export function login(input: LoginInput): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/auth/login', input, { auth: false });
}

/** Whether a login asks for its second step (two-factor sign-in) rather than starting a session. */
export function isMfaChallenge(answer: LoginAnswer): answer is MfaChallenge {
  return 'mfaRequired' in answer && answer.mfaRequired;
}
