import type { MfaStatus } from '@pult/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../../../app/services-context';
import { mfaKeys } from './mfa-api';

/**
 * The setup a group's requirement leaves as the only way on: once the authenticator is on, the
 * permissions are asked again (the server now lets this sign-in through) and the dashboard opens.
 */
export function useMfaEnrolment() {
  const { permissions, session } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [settingUp, setSettingUp] = useState(false);

  async function finish(): Promise<void> {
    setSettingUp(false);
    const status = queryClient.getQueryData<MfaStatus>(mfaKeys.status);
    if (!status?.totp) return;
    await permissions.refresh();
    await navigate('/dashboard');
  }

  return {
    settingUp,
    start: () => setSettingUp(true),
    finish: () => void finish(),
    signOut: () => void session.signOut({ callServer: true }),
  };
}
