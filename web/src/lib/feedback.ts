import { env } from '../config/env';
import { showAlert } from './alert';
import i18n from './i18n';

/** SPEC §8: the feedback buttons (item list, notices) show an alert with a contact. */
export function showFeedback(): void {
  void showAlert(
    env.feedbackContact
      ? i18n.t('Questions or suggestions? Contact us: {{contact}}', { contact: env.feedbackContact })
      : i18n.t('Questions or suggestions? Contact your site administrator.'),
  );
}
