import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb columns are written as JSON text so pg and PGlite serialise them the same way. */
type Json<T> = ColumnType<T, string, string>;

export type RightsStatus = "pd" | "pd_us_only";

export interface PoetMetaData {
  wikipedia_url?: string | null;
  description_attribution?: string | null;
  dates_as_printed?: string | null;
  note?: string | null;
  biography_repository?: string | null;
  biography_path?: string | null;
  biography_commit?: string | null;
}

export interface PoetsTable {
  id: Generated<number>;
  directory: string;
  name: string;
  sort_name: string;
  birth_date: string | null;
  death_date: string | null;
  dates_precision: string | null;
  description: string | null;
  biography: string | null;
  biography_source: string | null;
  biography_license: string | null;
  primary_image_url: string | null;
  source: string | null;
  meta_data: Json<PoetMetaData>;
  poem_count: Generated<number>;
  content_hash: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface PoemsTable {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  poet_id: number;
  year: number | null;
  year_note: string | null;
  content: string;
  front_matter: Json<Record<string, unknown>> | null;
  line_count: number;
  translator: string | null;
  editor: string | null;
  note: string | null;
  editorial_note: string | null;
  source: string | null;
  source_repo: string | null;
  source_path: string | null;
  source_commit: string | null;
  flags: Json<string[]>;
  rights: RightsStatus;
  content_hash: string;
  favorite_count: Generated<number>;
  view_count: Generated<number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface CollectionsTable {
  id: string;
  title: string;
  year: number | null;
  poet_id: number | null;
  author: string;
  editor: string | null;
  description: string | null;
  rights: RightsStatus;
  anthology: boolean;
  gutenberg_id: number | null;
  source_repo: string | null;
  source_path: string | null;
  source_commit: string | null;
  sections: Json<string[]>;
  poem_count: Generated<number>;
  content_hash: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface CollectionPoemsTable {
  collection_id: string;
  poem_id: string;
  sequence: number;
  section: string | null;
  number: string | null;
}

/** A timestamp the insert must give (a plain `Timestamp` may be left to the column's default). */
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;

// The account tables below use `Timestamp` (its insert type already allows leaving it out) rather than
// `Generated<Timestamp>`, whose select type would stay wrapped.

export interface UsersTable {
  id: Generated<number>;
  /** As typed at sign-up; unique and looked up case-insensitively (lower(email)). */
  email: string;
  /** scrypt hash (app/server/auth/password.server.ts); null for accounts without a password. */
  password_hash: string | null;
  first_name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** Hex SHA-256 of the random token the session cookie carries. */
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  revoked_at: Timestamp | null;
}

export interface FavoritesTable {
  user_id: number;
  poem_id: string;
  created_at: Timestamp;
}

export interface LoginAttemptsTable {
  /** 'account:<lower-case email>' or 'ip:<address>'. */
  key: string;
  window_start: RequiredTimestamp;
  count: Generated<number>;
}

export interface DailyPoemsTable {
  /** A calendar date, 'YYYY-MM-DD' (read as text: the column has no time zone and neither does this). */
  date: ColumnType<string, string, string>;
  poem_id: string;
  /** False for dates pinned by the maintainer in corpus/daily-pins.json. */
  auto_selected: boolean;
  created_at: Timestamp;
}

/** One word's count in one scope: a poet's id, or WHOLE_CORPUS_SCOPE (0) for all poems. */
export interface WordCountsTable {
  scope: number;
  word: string;
  frequency: number;
  is_common: boolean;
}

/** What each poet's counts were computed from: a hash of its poems' content hashes (and the tokenizer version). */
export interface WordCountSourcesTable {
  poet_id: number;
  source_hash: string;
  /** Every word's count for this poet, as JSON [[word, count], …]: what the corpus total is summed from. */
  counts: string;
  counted_at: Generated<Timestamp>;
}

export interface NotificationPreferencesTable {
  user_id: number;
  daily_poem: Generated<boolean>;
  weekly_digest: Generated<boolean>;
  author_updates: Generated<boolean>;
  product_updates: Generated<boolean>;
  /** Minutes after local midnight, 0–1439. */
  daily_poem_time_minutes: Generated<number>;
  /** An IANA time zone name. */
  timezone: Generated<string>;
  updated_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** When the next daily poem is due (UTC); null while the daily poem is off. */
  next_due_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PushDeliveriesTable {
  subscription_id: number;
  kind: string;
  /** The reader's calendar date, 'YYYY-MM-DD'. */
  date: ColumnType<string, string, string>;
  status: "claimed" | "sent" | "skipped" | "failed";
  claimed_at: RequiredTimestamp;
  attempts: Generated<number>;
  sent_at: Timestamp | null;
  last_error: string | null;
}

export type ContactDelivery = "stored" | "sent" | "failed";

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  client_ip: string;
  delivery: ColumnType<ContactDelivery, ContactDelivery | undefined, ContactDelivery>;
  delivery_error: string | null;
  created_at: Timestamp;
}

/** An account's link to an OpenID Connect provider's user: (issuer, subject) is unique and never reused. */
export interface UserIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: number;
  /** The provider's email claim at the last sign-in (informational; matching never uses it). */
  email: string | null;
  created_at: Timestamp;
  last_sign_in_at: Timestamp;
}

export type ViewSource = "poem-page" | "random" | "daily";

export interface PoemViewsTable {
  id: Generated<string>;
  user_id: number;
  poem_id: string;
  source: ViewSource;
  /** The browser's X-Session-ID, for the record only. */
  browser_session: string;
  viewed_at: Timestamp;
}

/** When a view was last counted for a sign-in session, poem and screen (the duplicate-view windows). */
export interface RecentPoemViewsTable {
  session_id: string;
  poem_id: string;
  source: ViewSource;
  viewed_at: RequiredTimestamp;
}

export interface UserSettingsTable {
  user_id: number;
  /** The reading preferences (app/lib/reading-preferences.ts), parsed leniently when read. */
  reading_preferences: Json<unknown>;
  updated_at: Timestamp;
}

export interface Database {
  poets: PoetsTable;
  poems: PoemsTable;
  collections: CollectionsTable;
  collection_poems: CollectionPoemsTable;
  users: UsersTable;
  sessions: SessionsTable;
  favorites: FavoritesTable;
  login_attempts: LoginAttemptsTable;
  daily_poems: DailyPoemsTable;
  word_counts: WordCountsTable;
  word_count_sources: WordCountSourcesTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  contact_messages: ContactMessagesTable;
  user_identities: UserIdentitiesTable;
  poem_views: PoemViewsTable;
  recent_poem_views: RecentPoemViewsTable;
  user_settings: UserSettingsTable;
}

export type Poet = Selectable<PoetsTable>;
export type NewPoet = Insertable<PoetsTable>;
export type PoetUpdate = Updateable<PoetsTable>;
export type Poem = Selectable<PoemsTable>;
export type NewPoem = Insertable<PoemsTable>;
export type PoemUpdate = Updateable<PoemsTable>;
export type Collection = Selectable<CollectionsTable>;
export type NewCollection = Insertable<CollectionsTable>;
export type CollectionPoem = Selectable<CollectionPoemsTable>;
export type NewCollectionPoem = Insertable<CollectionPoemsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type Favorite = Selectable<FavoritesTable>;
export type NewFavorite = Insertable<FavoritesTable>;
export type LoginAttempt = Selectable<LoginAttemptsTable>;
export type DailyPoem = Selectable<DailyPoemsTable>;
export type NewDailyPoem = Insertable<DailyPoemsTable>;
export type NotificationPreferencesRow = Selectable<NotificationPreferencesTable>;
export type PushSubscription = Selectable<PushSubscriptionsTable>;
export type ContactMessage = Selectable<ContactMessagesTable>;
export type NewContactMessage = Insertable<ContactMessagesTable>;
export type UserIdentity = Selectable<UserIdentitiesTable>;
