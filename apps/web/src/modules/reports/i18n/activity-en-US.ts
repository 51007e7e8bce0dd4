import { reportTextsEn } from '@pult/contract';
import type { activityReportsUk } from './activity-uk-UA';

export const activityReportsEn: typeof activityReportsUk = {
  storage: { ...reportTextsEn.storage, filters: { bucket: 'Bucket' } },
  errors: { ...reportTextsEn.errors, filters: { service: 'Service' } },
  chat: { ...reportTextsEn.chat, filters: { type: 'Kind of channel' } },
};
