/** A city of the demo's reference data. */
export interface CitySeed {
  nameUk: string;
  nameEn: string;
}

// [Ukrainian, English], largest or best-known first: the generator favours the head of each list.
type CityTuple = readonly [string, string];

const CITY_TUPLES: Readonly<Record<string, readonly CityTuple[]>> = {
  UA: [
    ['Київ', 'Kyiv'],
    ['Харків', 'Kharkiv'],
    ['Одеса', 'Odesa'],
    ['Дніпро', 'Dnipro'],
    ['Львів', 'Lviv'],
    ['Запоріжжя', 'Zaporizhzhia'],
    ['Кривий Ріг', 'Kryvyi Rih'],
    ['Миколаїв', 'Mykolaiv'],
    ['Вінниця', 'Vinnytsia'],
    ['Полтава', 'Poltava'],
    ['Чернігів', 'Chernihiv'],
    ['Херсон', 'Kherson'],
    ['Черкаси', 'Cherkasy'],
    ['Хмельницький', 'Khmelnytskyi'],
    ['Житомир', 'Zhytomyr'],
    ['Суми', 'Sumy'],
    ['Рівне', 'Rivne'],
    ['Івано-Франківськ', 'Ivano-Frankivsk'],
    ['Тернопіль', 'Ternopil'],
    ['Чернівці', 'Chernivtsi'],
    ['Луцьк', 'Lutsk'],
    ['Кропивницький', 'Kropyvnytskyi'],
    ['Ужгород', 'Uzhhorod'],
    ['Біла Церква', 'Bila Tserkva'],
    ['Маріуполь', 'Mariupol'],
    ['Кам’янець-Подільський', 'Kamianets-Podilskyi'],
    ['Мукачево', 'Mukachevo'],
    ['Умань', 'Uman'],
    ['Бровари', 'Brovary'],
    ['Ірпінь', 'Irpin'],
  ],
  PL: [
    ['Варшава', 'Warsaw'],
    ['Краків', 'Kraków'],
    ['Вроцлав', 'Wrocław'],
    ['Гданськ', 'Gdańsk'],
    ['Познань', 'Poznań'],
    ['Люблін', 'Lublin'],
  ],
  DE: [
    ['Берлін', 'Berlin'],
    ['Мюнхен', 'Munich'],
    ['Гамбург', 'Hamburg'],
    ['Франкфурт-на-Майні', 'Frankfurt am Main'],
    ['Кельн', 'Cologne'],
    ['Лейпциг', 'Leipzig'],
  ],
  CZ: [
    ['Прага', 'Prague'],
    ['Брно', 'Brno'],
    ['Острава', 'Ostrava'],
    ['Пльзень', 'Plzeň'],
  ],
  SK: [
    ['Братислава', 'Bratislava'],
    ['Кошице', 'Košice'],
  ],
  HU: [
    ['Будапешт', 'Budapest'],
    ['Дебрецен', 'Debrecen'],
  ],
  RO: [
    ['Бухарест', 'Bucharest'],
    ['Клуж-Напока', 'Cluj-Napoca'],
    ['Ясси', 'Iași'],
    ['Тімішоара', 'Timișoara'],
  ],
  MD: [
    ['Кишинів', 'Chișinău'],
    ['Бєльці', 'Bălți'],
  ],
  LT: [
    ['Вільнюс', 'Vilnius'],
    ['Каунас', 'Kaunas'],
    ['Клайпеда', 'Klaipėda'],
  ],
  LV: [
    ['Рига', 'Riga'],
    ['Даугавпілс', 'Daugavpils'],
  ],
  EE: [
    ['Таллінн', 'Tallinn'],
    ['Тарту', 'Tartu'],
  ],
  GE: [
    ['Тбілісі', 'Tbilisi'],
    ['Батумі', 'Batumi'],
    ['Кутаїсі', 'Kutaisi'],
  ],
  AT: [
    ['Відень', 'Vienna'],
    ['Грац', 'Graz'],
    ['Зальцбург', 'Salzburg'],
    ['Лінц', 'Linz'],
  ],
  CH: [
    ['Цюрих', 'Zurich'],
    ['Женева', 'Geneva'],
    ['Базель', 'Basel'],
    ['Берн', 'Bern'],
  ],
  NL: [
    ['Амстердам', 'Amsterdam'],
    ['Роттердам', 'Rotterdam'],
    ['Гаага', 'The Hague'],
    ['Утрехт', 'Utrecht'],
  ],
  BE: [
    ['Брюссель', 'Brussels'],
    ['Антверпен', 'Antwerp'],
    ['Гент', 'Ghent'],
  ],
  LU: [['Люксембург', 'Luxembourg']],
  FR: [
    ['Париж', 'Paris'],
    ['Марсель', 'Marseille'],
    ['Ліон', 'Lyon'],
    ['Тулуза', 'Toulouse'],
    ['Ніцца', 'Nice'],
  ],
  IT: [
    ['Рим', 'Rome'],
    ['Мілан', 'Milan'],
    ['Неаполь', 'Naples'],
    ['Турин', 'Turin'],
    ['Флоренція', 'Florence'],
  ],
  ES: [
    ['Мадрид', 'Madrid'],
    ['Барселона', 'Barcelona'],
    ['Валенсія', 'Valencia'],
    ['Севілья', 'Seville'],
    ['Малага', 'Málaga'],
  ],
  PT: [
    ['Лісабон', 'Lisbon'],
    ['Порту', 'Porto'],
  ],
  GB: [
    ['Лондон', 'London'],
    ['Бірмінгем', 'Birmingham'],
    ['Манчестер', 'Manchester'],
    ['Единбург', 'Edinburgh'],
    ['Ліверпуль', 'Liverpool'],
    ['Глазго', 'Glasgow'],
  ],
  IE: [
    ['Дублін', 'Dublin'],
    ['Корк', 'Cork'],
    ['Голвей', 'Galway'],
  ],
  SE: [
    ['Стокгольм', 'Stockholm'],
    ['Гетеборг', 'Gothenburg'],
    ['Мальме', 'Malmö'],
  ],
  NO: [
    ['Осло', 'Oslo'],
    ['Берген', 'Bergen'],
  ],
  FI: [
    ['Гельсінкі', 'Helsinki'],
    ['Тампере', 'Tampere'],
    ['Турку', 'Turku'],
  ],
  DK: [
    ['Копенгаген', 'Copenhagen'],
    ['Орхус', 'Aarhus'],
  ],
  IS: [['Рейк’явік', 'Reykjavík']],
  BG: [
    ['Софія', 'Sofia'],
    ['Пловдив', 'Plovdiv'],
    ['Варна', 'Varna'],
  ],
  GR: [
    ['Афіни', 'Athens'],
    ['Салоніки', 'Thessaloniki'],
  ],
  HR: [
    ['Загреб', 'Zagreb'],
    ['Спліт', 'Split'],
  ],
  SI: [['Любляна', 'Ljubljana']],
  RS: [
    ['Белград', 'Belgrade'],
    ['Нові Сад', 'Novi Sad'],
  ],
  ME: [
    ['Подгориця', 'Podgorica'],
    ['Будва', 'Budva'],
  ],
  CY: [
    ['Лімасол', 'Limassol'],
    ['Нікосія', 'Nicosia'],
  ],
  MT: [['Валлетта', 'Valletta']],
  TR: [
    ['Стамбул', 'Istanbul'],
    ['Анкара', 'Ankara'],
    ['Анталія', 'Antalya'],
    ['Ізмір', 'Izmir'],
  ],
  IL: [
    ['Тель-Авів', 'Tel Aviv'],
    ['Єрусалим', 'Jerusalem'],
    ['Хайфа', 'Haifa'],
  ],
  AE: [
    ['Дубай', 'Dubai'],
    ['Абу-Дабі', 'Abu Dhabi'],
  ],
  AZ: [['Баку', 'Baku']],
  AM: [['Єреван', 'Yerevan']],
  KZ: [
    ['Алмати', 'Almaty'],
    ['Астана', 'Astana'],
  ],
  US: [
    ['Нью-Йорк', 'New York'],
    ['Лос-Анджелес', 'Los Angeles'],
    ['Чикаго', 'Chicago'],
    ['Г’юстон', 'Houston'],
    ['Сан-Франциско', 'San Francisco'],
    ['Сієтл', 'Seattle'],
    ['Бостон', 'Boston'],
    ['Маямі', 'Miami'],
  ],
  CA: [
    ['Торонто', 'Toronto'],
    ['Монреаль', 'Montreal'],
    ['Ванкувер', 'Vancouver'],
    ['Калгарі', 'Calgary'],
    ['Едмонтон', 'Edmonton'],
    ['Оттава', 'Ottawa'],
    ['Вінніпег', 'Winnipeg'],
  ],
  MX: [
    ['Мехіко', 'Mexico City'],
    ['Гвадалахара', 'Guadalajara'],
  ],
  BR: [
    ['Сан-Паулу', 'São Paulo'],
    ['Ріо-де-Жанейро', 'Rio de Janeiro'],
    ['Бразиліа', 'Brasília'],
  ],
  AR: [
    ['Буенос-Айрес', 'Buenos Aires'],
    ['Кордова', 'Córdoba'],
  ],
  AU: [
    ['Сідней', 'Sydney'],
    ['Мельбурн', 'Melbourne'],
    ['Брисбен', 'Brisbane'],
    ['Перт', 'Perth'],
    ['Аделаїда', 'Adelaide'],
  ],
  NZ: [
    ['Окленд', 'Auckland'],
    ['Веллінгтон', 'Wellington'],
    ['Крайстчерч', 'Christchurch'],
  ],
  JP: [
    ['Токіо', 'Tokyo'],
    ['Осака', 'Osaka'],
    ['Кіото', 'Kyoto'],
  ],
  KR: [
    ['Сеул', 'Seoul'],
    ['Пусан', 'Busan'],
  ],
  SG: [['Сінгапур', 'Singapore']],
  IN: [
    ['Мумбаї', 'Mumbai'],
    ['Нью-Делі', 'New Delhi'],
    ['Бенгалуру', 'Bengaluru'],
  ],
  ZA: [
    ['Кейптаун', 'Cape Town'],
    ['Йоганнесбург', 'Johannesburg'],
  ],
};

/** Cities keyed by ISO 3166-1 alpha-2 country code. */
export const CITIES: Readonly<Record<string, readonly CitySeed[]>> = Object.fromEntries(
  Object.entries(CITY_TUPLES).map(([code, cities]) => [
    code,
    cities.map(([nameUk, nameEn]) => ({ nameUk, nameEn })),
  ]),
);
