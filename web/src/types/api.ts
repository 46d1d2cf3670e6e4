/** Shapes shared by several features, as the JSON API sends them. */

export type Role = 'SUPER_ADMIN' | 'ORG_ADMIN' | 'ORG_MEMBER';

export type UiTheme = 'KIDS' | 'TEEN' | 'ADULT';

export type Plan = 'FREE' | 'PRO' | 'ENTERPRISE';

export interface UserOrganization {
  id: string;
  name: string;
  plan: Plan;
}

export interface User {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  phone: string | null;
  isActive: boolean;
  emailVerified: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  organization: UserOrganization | null;
  childId: string | null;
  profile: { uiTheme: UiTheme } | null;
}

export interface AuthResponse {
  token: string;
  user: User;
}

export interface ApiErrorDetail {
  field?: string;
  message?: string;
}

export interface ApiErrorBody {
  error?: string;
  message?: string;
  details?: ApiErrorDetail[];
}
