import type { en } from './messages.js';

/** The Ukrainian texts, a module of their own so an English bundle does not carry them. */
export const uk: Record<keyof typeof en, string> = {
  bucketNameInvalid:
    'Від 3 до 63 малих латинських літер, цифр і дефісів; на початку й у кінці — літера або цифра',
  extensionInvalid: 'Розширення — від 1 до 20 латинських літер або цифр без крапки, напр. jpg',
  mimeInvalid: 'MIME-тип на зразок image/png або сімейство на зразок image/*',
  bucketNotEmpty:
    'Бакет містить файли (кількість: {count}). Щоб видалити його, підтвердьте видалення разом із файлами.',
  bucketNotFound: 'Такого бакета немає',
  pathAbsolute: 'Шлях має бути відносним: без скісної риски чи літери диска на початку',
  pathDotSegment: 'Шлях не може містити імен . або ..',
  pathControlChars: 'Шлях не може містити керівних символів чи символів зміни напрямку тексту',
  pathTooLong: 'Шлях задовгий: не більше 1024 байтів, 255 на одне ім’я',
  pathEmptySegment:
    'Шлях не може містити порожніх імен (//), зворотної скісної риски чи скісної риски в кінці',
  pathTaken: 'За цим шляхом уже є файл іншого власника',
  fileTooLarge: 'Файл більший, ніж дозволяє цей бакет ({limit} МБ)',
  extensionNotAllowed: 'Цей бакет не приймає файлів «{ext}» (дозволено: {allowed})',
  mimeNotAllowed: 'Вміст файлу має тип {mime}, якого цей бакет не приймає (дозволено: {allowed})',
  fileRequired: 'Додайте файл',
  multipartExpected: 'Надсилайте файл як multipart/form-data',
  malformedMultipart: 'Тіло multipart пошкоджене або неповне',
  fieldsBeforeFile: 'Надсилайте поля bucket і path перед файлом',
  tooManyFiles: 'Надсилайте один файл за запит',
  uploadNotAllowed: 'Ви не входите до групи, якій дозволено завантажувати в цей бакет',
  linkInvalid: 'Посилання недійсне',
  linkExpired: 'Термін дії посилання минув',
  ownerNotFound: 'Немає користувача платформи з таким UID',
  batchSize: 'Надсилайте один запис або пакет від 1 до 1000 записів',
  contextTooLarge: 'Контекст більший за 64 КБ',
  contextTooDeep: 'Контекст має забагато рівнів вкладеності (не більше 64)',
  createdAtFuture: 'Час більш ніж на годину випереджає годинник сервера',
  invalidDateTime: 'Час у форматі ISO 8601 із часовим поясом, напр. 2026-01-31T12:00:00Z',
  nameInvalid: 'Від 1 до 100 латинських літер, цифр, крапок, дефісів і підкреслень',
  dateRangeRequired: 'Вкажіть хоча б одну дату (від або до)',
  dateRangeOrder: 'Дата початку пізніша за дату кінця',
  errorsDeleted: 'Видалено помилок: {count}',
  sizeLimitRange: 'Ціле число мегабайтів від 1 до 10 240',
  presignExpiryRange: 'Ціле число секунд від 60 до 604 800 (7 днів)',
  retentionRange: 'Ціле число днів від 1 до 3650',
};
