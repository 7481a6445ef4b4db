/** The signed-in user's own record, as the account-settings screen shows it (D15). */
import type { Account } from '@cadence/contract';
import { bool } from '../../db/dialect';
import { roleOf, type UserRow } from '../auth/user-data';

const languages = ['en', 'fr', 'de', 'pt'] as const;
const genders = ['', 'female', 'male', 'other'] as const;

export function presentAccount(row: UserRow): Account {
  return {
    _id: String(row.id),
    avatar: row.avatar,
    role: roleOf(row.role),
    general: { username: row.username, fullName: row.full_name, email: row.email, company: row.company },
    info: {
      bio: row.bio,
      dob: row.dob,
      country: row.country,
      website: row.website,
      phone: row.phone,
      city: row.city,
      address: row.address,
      gender: genders.find((g) => g === row.gender) ?? '',
    },
    social: {
      twitter: row.social_twitter,
      facebook: row.social_facebook,
      instagram: row.social_instagram,
      linkedin: row.social_linkedin,
      github: row.social_github,
    },
    notifications: {
      commentOnArticle: bool(row.notify_comment_on_article),
      answerOnForm: bool(row.notify_answer_on_form),
      followMe: bool(row.notify_follow_me),
      newAnnouncements: bool(row.notify_new_announcements),
      productUpdates: bool(row.notify_product_updates),
      blogDigest: bool(row.notify_blog_digest),
      eventReminders: bool(row.notify_event_reminders),
      taskReminders: bool(row.notify_task_reminders),
      invitations: bool(row.notify_invitations),
      scheduleChanges: bool(row.notify_schedule_changes),
      meetingAnswers: bool(row.notify_meeting_answers),
      todoAssigned: bool(row.notify_todo_assigned),
      todoCompleted: bool(row.notify_todo_completed),
      boardShared: bool(row.notify_board_shared),
      cardComments: bool(row.notify_card_comments),
      cardDueDates: bool(row.notify_card_due),
      cardMembers: bool(row.notify_card_members),
      bookings: bool(row.notify_bookings),
    },
    timeZone: row.time_zone,
    language: languages.find((l) => l === row.language) ?? 'en',
    createdAt: row.created_at,
  };
}
