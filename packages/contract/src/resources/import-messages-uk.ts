import type { en } from './import-messages.js';

/** The Ukrainian texts, a module of their own so an English bundle does not carry them. */
export const uk: Record<keyof typeof en, string> = {
  importTooLarge: 'Файл завеликий (щонайбільше {max} МБ)',
  importTooManyRows: 'У файлі понад {max} рядків; розділіть його на менші файли',
  importEmpty: 'Файл порожній: його перший рядок має називати стовпці',
  importBrokenQuote: 'Рядок {line}: комірку в лапках не закрито або після закривних лапок іде текст',
  importBadEncoding: 'Рядок {line}: файл не є текстом у кодуванні UTF-8',
  importBinary: 'Рядок {line}: файл містить двійкові дані, а не текст CSV',
  importKeyMissing: 'У файлі немає стовпця {field}, за яким розпізнаються записи',
  importSecretColumn: 'Стовпець «{column}» містить секрет; секрети ніколи не імпортуються',
  importDuplicateColumn: 'Стовпець «{column}» трапляється більше одного разу',
  importKeyExists: 'Запис із таким ключем уже існує',
  importDuplicateKey: 'Такий самий ключ уже є в рядку {line}',
  importUnknownReference: 'Немає запису з назвою «{value}»',
  importExtraCells: 'У рядку більше комірок, ніж стовпців у першому рядку',
  importLineColumn: 'Рядок',
  importErrorsColumn: 'Помилки',
  importMediaType: 'Надішліть файл як text/csv або application/octet-stream',
  importValueTaken: 'Інший запис уже має значення, яке задає цей рядок',
  exchangeUnreadable: 'Файл не вдалося прочитати як {format}',
  exchangeWrongLanguage: 'Файл перекладає мовою {found}, а не {expected}',
  exchangeSourceLanguage:
    'Файли XLIFF і PO перекладають з української: виберіть мову, якою вони перекладають',
};
