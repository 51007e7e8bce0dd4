import type { ReportGroup } from './period.js';
import type { ReportId } from './result.js';

/** What each language says of every report, and the labels of a report's tables. */
export type ReportTextsShape = Record<
  ReportId,
  {
    title: string;
    description: string;
    sections: Readonly<Record<string, string>>;
    keys: Readonly<Record<string, Readonly<Record<string, string>>>>;
  }
> & { bucket: Record<ReportGroup, string>; forPeriod: string; total: string; noData: string };

/**
 * The reports' texts in Ukrainian, the shape every language follows: the panel shows them and the
 * server writes them into a mailed report, so both read them from here. A section's series are named
 * by `keys.<section>.<key>` unless the server gave a name (a country, an administrator).
 */
export const reportTextsUk = {
  bucket: { day: 'День', week: 'Тиждень (з понеділка)', month: 'Місяць' },
  forPeriod: 'За період',
  total: 'Разом',
  noData: 'За цей період нічого не сталося.',
  users: {
    title: 'Користувачі',
    description:
      'Реєстрації, зміни статусу та скільки зареєстрованих досі активні; розбивка за країнами чи мовами.',
    sections: { signups: 'Реєстрації', statusChanges: 'Зміни статусу', retention: 'Утримання' },
    keys: {
      signups: { all: 'Реєстрації', '0': 'Країну не вказано', 'uk-UA': 'Українська', 'en-US': 'Англійська' },
      statusChanges: {
        '0': 'Неактивовані',
        '1': 'Активовані',
        '2': 'Заблоковані',
        '3': 'Забанені',
        '4': 'Вимкнені',
        '10': 'Видалені',
      },
      retention: { signedUp: 'Зареєструвалися', activeNow: 'Активні зараз' },
    },
  },
  delivery: {
    title: 'Доставка',
    description:
      'Е-листи, SMS і push за часом постановки в чергу: скільки надіслано, не вдалося чи скасовано — за каналами й шаблонами; чому не вдалося і скільки тривало надсилання.',
    sections: {
      byStatus: 'За результатом',
      byChannel: 'За каналами',
      byTemplate: 'За шаблонами',
      byConfig: 'За конфігураціями (якою надіслано, інакше запланованою)',
      failureReasons: 'Причини невдач (найчастіші першими)',
      latency: 'Час від постановки в чергу до надсилання (з точністю до кошика гістограми)',
    },
    keys: {
      byStatus: {
        pending: 'Очікує',
        processing: 'Надсилається',
        sent: 'Надіслано',
        failed: 'Невдалий',
        cancelled: 'Скасовано',
      },
      byChannel: { email: 'Е-пошта', sms: 'SMS', push: 'Push' },
      byConfig: {
        'email:default': 'Е-пошта, типовим шляхом (заплановано)',
        'sms:default': 'Типова конфігурація SMS (заплановано)',
        'push:default': 'Типова конфігурація push (заплановано)',
        SMTP_URL: 'SMTP_URL (налаштування сервера)',
        outbox: 'Вихідна тека (без SMTP-сервера)',
      },
      failureReasons: {
        rejected: 'Відхилено стороною одержувача',
        temporary: 'Тимчасова відмова, спроби вичерпано',
        connection: 'Немає з’єднання (тайм-аут, відмова, DNS)',
        auth: 'Помилка автентифікації',
        configuration: 'Непридатна конфігурація каналу',
        provider: 'Інша помилка провайдера',
        other: 'Інше',
      },
      latency: { p50: 'Медіана (p50)', p95: '95-й процентиль (p95)' },
    },
  },
  administrators: {
    title: 'Адміністратори',
    description: 'Дії кожного адміністратора з журналу аудиту: хто, що й скільки змінював.',
    sections: {
      byAdministrator: 'За адміністраторами',
      byAction: 'За видами дій',
      byResource: 'За ресурсами',
    },
    keys: {
      byAdministrator: { '0': 'Невідомий (невдалі входи)' },
      byAction: {
        create: 'Створення',
        update: 'Зміна',
        delete: 'Видалення',
        bulk: 'Групова дія',
        action: 'Дія модуля',
        signin: 'Вхід',
        signout: 'Вихід',
        signin_failed: 'Невдалий вхід',
        password_change: 'Зміна пароля',
        denied: 'Доступ заборонено',
      },
      // The audit log names a resource by its descriptor (`ResourceDescriptor.name`), as the menu names it.
      byResource: {
        none: 'Без ресурсу (входи, виходи)',
        users: 'Користувачі',
        admins: 'Адміністратори',
        groups: 'Групи адміністраторів',
        settings: 'Налаштування',
        countries: 'Країни',
        cities: 'Міста',
        audit: 'Журнал дій',
        'saved-reports': 'Збережені звіти',
        'report-schedules': 'Розсилка звітів',
        storageBuckets: 'Бакети',
        storageFiles: 'Файли',
        platformFiles: 'Файли користувачів платформи',
        storageLogs: 'Журнали користувачів',
        storageErrors: 'Помилки',
        storageErrorGroups: 'Групи помилок',
        chatChannelUsers: 'Користувачі чату',
        chatChannels: 'Канали',
        'email-queue': 'Черга листів',
        templates: 'Шаблони',
        translations: 'Переклади',
        'push-configs': 'Налаштування push',
        'sms-configs': 'Налаштування SMS',
        'smtp-configs': 'Налаштування SMTP',
      },
    },
  },
  storage: {
    title: 'Сховище',
    description:
      'Скільки файлів і байтів додано в кожен бакет, які бакети виросли найбільше, і скільки завантажень відхилено правилами.',
    sections: {
      files: 'Додані файли',
      bytes: 'Додані байти (найбільші бакети першими)',
      refusals: 'Відхилені завантаження',
    },
    keys: {
      refusals: {
        groups: 'Групи бакета',
        extension: 'Розширення',
        mime: 'Тип вмісту',
        size: 'Розмір',
      },
    },
  },
  errors: {
    title: 'Помилки',
    description:
      'Нові групи помилок за сервісами, групи, що повторилися після розв’язання, розв’язані групи та середній час до розв’язання.',
    sections: {
      newGroups: 'Нові групи',
      reopened: 'Повторні (знову відкриті)',
      resolved: 'Розв’язані',
      timeToResolve: 'Середній час до розв’язання',
    },
    keys: { timeToResolve: { average: 'У середньому' } },
  },
  chat: {
    title: 'Чат',
    description: 'Повідомлення й активні користувачі (ті, хто писав) за період, і найжвавіші канали.',
    sections: {
      messages: 'Повідомлення',
      activeUsers: 'Активні користувачі',
      channels: 'Канали за активністю',
    },
    keys: {
      messages: { all: 'Повідомлення' },
      activeUsers: { all: 'Писали в чат' },
      channels: { other: 'Інші канали' },
    },
  },
} satisfies ReportTextsShape;

export type ReportTexts = typeof reportTextsUk;
