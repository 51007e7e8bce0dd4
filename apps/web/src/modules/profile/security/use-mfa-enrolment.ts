import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../../../app/services-context';
import { getMfaStatus, mfaKeys } from './mfa-api';

/**
 * The setup a group's requirement leaves as the only way on: once the authenticator is on, the
 * permissions are asked again (the server now lets this sign-in through) and the dashboard opens.
 */
export function useMfaEnrolment() {
  const services = useServices();
  const { permissions, session } = services;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [settingUp, setSettingUp] = useState<'totp' | 'passkey' | null>(null);

  async function finish(): Promise<void> {
    setSettingUp(null);
    // Asked afresh: the dialog that just closed may have added a factor, or been cancelled.
    const status = await queryClient.fetchQuery({
      queryKey: mfaKeys.status,
      queryFn: ({ signal }) => getMfaStatus(services, signal),
      staleTime: 0,
    });
    if (!status.totp && status.passkeys.length === 0) return;
    await permissions.refresh();
    await navigate('/dashboard');
  }

  return {
    settingUp,
    startTotp: () => setSettingUp('totp'),
    startPasskey: () => setSettingUp('passkey'),
    finish: () => void finish(),
    signOut: () => void session.signOut({ callServer: true }),
  };
}
