/**
 * Shapes shared by several features, as the JSON API sends them: names for
 * the gateway's OpenAPI schemas. schema.d.ts is generated from the document
 * (scripts/gen-api-types.sh); nothing here restates a field by hand.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

export type User = Schemas['User'];
/** After login and registration; accepting an invitation answers the token only. */
export type AuthResponse = Schemas['AuthAnswer'];
/** Changing one's own password: the current one and the new one. It answers an AuthResponse. */
export type ChangePasswordInput = Schemas['ChangePasswordBody'];
/** The current password, which the account's security calls ask for (two-factor setup, logging out everywhere, a calendar feed). */
export type CurrentPasswordInput = Schemas['CurrentPasswordBody'];
/** A parent setting a child's password. */
export type ChildPasswordInput = Schemas['ChildPasswordBody'];
/** A new token for the same session (POST /auth/renew). */
export type RenewedToken = Schemas['RenewedToken'];
/** What POST /auth/login answers: a session, or for a user with two-factor sign-in on, a challenge. */
export type LoginAnswer = Schemas['LoginAnswer'];
/** The second step a login asks for: its mfaToken goes back with a code (POST /auth/login/mfa). */
export type MfaChallenge = Schemas['MfaChallenge'];
export type LoginMfaInput = Schemas['LoginMfaBody'];
/** A code of the authenticator app, or a recovery code, turning two-factor sign-in on or off. */
export type MfaCodeInput = Schemas['MfaCodeBody'];
/** A secret for the authenticator app while two-factor sign-in is set up. */
export type MfaSetup = Schemas['MfaSetupAnswer'];
/** Two-factor sign-in is on: the recovery codes (shown once) and a new session. */
export type MfaConfirmed = Schemas['MfaConfirmedAnswer'];
export type UserOrganization = Schemas['OrganizationSummary'];
export type UserProfile = Schemas['Profile'];

export type Role = User['role'];
export type UiTheme = UserProfile['uiTheme'];
export type Plan = UserOrganization['plan'];

/** An active member of the family, as GET /organizations/members answers. */
export type Member = Schemas['Member'];

/** A child of the family, as GET /children answers. Money is in dollars. */
export type Child = Schemas['Child'];
/** What a child's rewards are multiplied by now, and its parts (e.g. 1.5). */
export type ChildMultiplier = Schemas['MultiplierView'];
export type AgeGroup = Child['ageGroup'];
/** The unit a child's rewards and balance are shown in: $, hrs, pts or a plain number. */
export type RewardDisplayType = Child['rewardDisplayType'];
export type GradeLetter = NonNullable<Child['gpaLetter']>;

/** A chore category of the family, as GET /categories answers. */
export type Category = Schemas['Category'];
/** A category as chores name it. */
export type CategoryRef = Schemas['CategoryRef'];
/** An active chore. Money is in dollars. */
export type Chore = Schemas['Chore'];
/** Whether a child may submit a chore now, and if not, from when. */
export type ChoreAvailability = Schemas['Availability'];
/** A child's report of a finished chore, and its review. */
export type Submission = Schemas['Submission'];
/** What approving a pending submission would pay now, and the multiplier behind it. */
export type PayPreview = Schemas['PayPreview'];
export type SubmissionStatus = Submission['status'];

/** One problem with one field of a refused request, as the client reads it. */
export interface ApiErrorDetail {
  field?: string;
  message?: string;
  /** Why the field was refused, for its translation. */
  code?: ErrorCode;
  /** The values the field's text names (a label's name, a length). */
  params?: ErrorParams;
}

/**
 * An error answer as the client reads it. Every field is optional because
 * not every failure comes from the gateway (a proxy may answer with text or
 * nothing); see toErrorBody in lib/api-client.
 */
export interface ApiErrorBody {
  error?: string;
  message?: string;
  details?: ApiErrorDetail[];
  /** Why it failed, for the client to act on (a 401 says why the session ended). */
  code?: ErrorCode;
  /** The values a refusal's text names (money in dollars), for its translation. */
  params?: ErrorParams;
}

/** Stable names of failures the web treats apart. */
export type ErrorCode = Schemas['ErrorCode'];

/** The values a refusal names, by name. */
export type ErrorParams = Readonly<Record<string, string | number>>;

/** An IANA time zone name the server knows (the document lists them). */
export type TimeZone = Schemas['TimeZone'];

/** How often a chore may be done, in days. */
export type FrequencyDays = Schemas['FrequencyDays'];

/** How many days an invite code stays open. */
export type ExpiryDays = Schemas['ExpiryDays'];

/** Who does a chore among the children it is for: each on their own, in turns, or the first to submit it. */
export type AssignmentMode = Schemas['AssignmentMode'];
/** A day of the week as ISO numbers it: 1 Monday … 7 Sunday. */
export type IsoWeekday = Schemas['IsoWeekday'];
/** A child named by id and name. */
export type ChildRef = Schemas['ChildRef'];
/** The chores that concern each child today, as GET /chores/today answers. */
export type Today = Schemas['Today'];
export type ChildToday = Schemas['ChildToday'];
/** A chore on a child's list today and where it stands. */
export type TodayChore = Schemas['TodayChore'];
export type TodayStatus = Schemas['TodayStatus'];
/** Who does what on seven days, for each child, as GET /chores/week answers (parents). */
export type Week = Schemas['Week'];
export type ChildWeek = Schemas['ChildWeek'];
export type WeekDay = Schemas['WeekDay'];
export type WeekChore = Schemas['WeekChore'];
/** The coming turns of a chore whose children take turns. */
export type Turns = Schemas['Turns'];
export type Turn = Schemas['Turn'];
/** A due day that passed with nothing sent by the child whose chore it was, and whether a parent excused it. */
export type MissedChore = Schemas['MissedChore'];
