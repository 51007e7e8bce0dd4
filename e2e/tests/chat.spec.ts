import { type ChatFrame, type ChatPerson, chatPerson, chatSocket } from '../support/chat-api.js';
import { bodyRows, expectSettled, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/** The Chat module's administration in Chromium, moderating a conversation of two real platform users. */
test.describe.configure({ mode: 'serial' });

test.describe('chat', () => {
  test('changes a role, removes a member, deletes a message for everyone (seen live) and deletes the channel', async ({
    adminPage: page,
    api,
  }) => {
    const [olena, taras, ivan] = await Promise.all([
      chatPerson(api, 'Олена'),
      chatPerson(api, 'Тарас'),
      chatPerson(api, 'Іван'),
    ]);
    const url = `e2e-${Date.now()}`;
    const channel = await olena.call<{ id: number }>('POST', '/channels', {
      type: 'group',
      name: 'Команда e2e',
      url,
      member_uids: [taras.uid, ivan.uid],
    });
    const post = (who: ChatPerson, body: string) =>
      who.call<{ id: number }>('POST', `/channels/${channel.id}/messages`, { body });
    await post(olena, 'Привіт усім!');
    const rude = await post(taras, 'Неприйнятне повідомлення');
    await post(ivan, 'Hello from Ivan');
    const socket = await chatSocket(api.baseURL, olena.token);
    await expect.poll(() => socket.frames.some((frame) => frame.type === 'ready')).toBe(true);

    // chat/users: Taras becomes a moderator, Ivan is removed.
    await page.goto(`/chat/users?filter[channel_id]=${channel.id}`);
    const memberships = resourceTable(page, 'Користувачі чату');
    await expectSettled(memberships);
    await expect(bodyRows(memberships)).toHaveCount(3);
    await page.getByRole('combobox', { name: new RegExp(`Роль учасника ${taras.name}`) }).click();
    await page.getByRole('option', { name: 'Модератор' }).click();
    await expect(page.getByText('Роль змінено')).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`Видалити.*${ivan.name}`) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Вилучити' }).click();
    await expect(page.getByText('Учасника вилучено')).toBeVisible();
    await expect(bodyRows(memberships)).toHaveCount(2);
    const roles = await olena.call<{ items: { user_uid: string; role: string }[] }>(
      'GET',
      `/channels/${channel.id}/members`,
    );
    expect(roles.items.map((member) => [member.user_uid, member.role]).sort()).toEqual(
      [
        [olena.uid, 'admin'],
        [taras.uid, 'moderator'],
      ].sort(),
    );

    // chat/channels → channel view: delete Taras's message for everyone; Olena's socket sees it.
    await page.goto(`/chat/channels?filter[url]=${url}`);
    const channels = resourceTable(page, 'Канали');
    await expectSettled(channels);
    await expect(bodyRows(channels)).toHaveCount(1);
    await expect(bodyRows(channels).first()).toContainText('Олена');
    await page.getByRole('link', { name: /Переглянути канал/ }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/channels/view\\?id=${channel.id}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Команда e2e');
    const messages = resourceTable(page, 'Повідомлення');
    await expectSettled(messages);
    await expect(bodyRows(messages)).toHaveCount(3);
    await expect(bodyRows(messages).first()).toContainText('Hello from Ivan');
    await bodyRows(messages)
      .filter({ hasText: 'Неприйнятне повідомлення' })
      .getByRole('button', { name: /Видалити для всіх/ })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Видалити для всіх' }).click();
    await expect(page.getByText('Повідомлення видалено для всіх')).toBeVisible();
    await expect(bodyRows(messages).filter({ hasText: 'Неприйнятне повідомлення' })).toHaveCount(0);
    await expect
      .poll(() =>
        socket.frames.find(
          (frame: ChatFrame) => frame.type === 'message.deleted' && frame.data?.message_id === rude.id,
        ),
      )
      .toBeTruthy();
    const seen = await olena.call<{ items: { id: number; deleted: boolean; body: string }[] }>(
      'GET',
      `/channels/${channel.id}/messages`,
    );
    expect(seen.items.find((message) => message.id === rude.id)).toMatchObject({ deleted: true, body: '' });

    // Delete the channel: the dialog names its counts.
    await page.getByRole('button', { name: 'Видалити канал' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('(3)');
    await expect(dialog).toContainText('(2)');
    await dialog.getByRole('button', { name: 'Видалити' }).click();
    await expect(page).toHaveURL(/\/chat\/channels(\?|$)/);
    await expect(page.getByText('Канал видалено')).toBeVisible();
    await expect.poll(() => socket.frames.some((frame) => frame.type === 'channel.deleted')).toBe(true);
    socket.close();
  });
});
