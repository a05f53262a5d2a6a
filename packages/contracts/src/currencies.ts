/**
 * The currencies a tenant may take payments in: the active ISO 4217 list (funds, precious metals,
 * testing and withdrawn codes left out), with an English name, the symbol a price shows and the
 * number of minor digits (ISO 4217's "minor unit": JPY 0, KWD 3, most 2). USD and INR come first
 * (the spec's default pair), then the eight that were offered before this list, then A to Z.
 */
const TABLE = [
  ['USD', 'US Dollar', '$', 2],
  ['INR', 'Indian Rupee', '₹', 2],
  ['EUR', 'Euro', '€', 2],
  ['GBP', 'British Pound', '£', 2],
  ['CAD', 'Canadian Dollar', 'CA$', 2],
  ['AUD', 'Australian Dollar', 'A$', 2],
  ['NZD', 'New Zealand Dollar', 'NZ$', 2],
  ['SGD', 'Singapore Dollar', 'S$', 2],
  ['AED', 'UAE Dirham', 'AED', 2],
  ['ZAR', 'South African Rand', 'R', 2],
  ['AFN', 'Afghan Afghani', '؋', 2],
  ['ALL', 'Albanian Lek', 'ALL', 2],
  ['AMD', 'Armenian Dram', '֏', 2],
  ['AOA', 'Angolan Kwanza', 'Kz', 2],
  ['ARS', 'Argentine Peso', 'ARS', 2],
  ['AWG', 'Aruban Florin', 'AWG', 2],
  ['AZN', 'Azerbaijani Manat', '₼', 2],
  ['BAM', 'Bosnia-Herzegovina Convertible Mark', 'KM', 2],
  ['BBD', 'Barbadian Dollar', 'BBD', 2],
  ['BDT', 'Bangladeshi Taka', '৳', 2],
  ['BGN', 'Bulgarian Lev', 'BGN', 2],
  ['BHD', 'Bahraini Dinar', 'BHD', 3],
  ['BIF', 'Burundian Franc', 'BIF', 0],
  ['BMD', 'Bermudan Dollar', 'BMD', 2],
  ['BND', 'Brunei Dollar', 'BND', 2],
  ['BOB', 'Bolivian Boliviano', 'Bs', 2],
  ['BRL', 'Brazilian Real', 'R$', 2],
  ['BSD', 'Bahamian Dollar', 'BSD', 2],
  ['BTN', 'Bhutanese Ngultrum', 'BTN', 2],
  ['BWP', 'Botswanan Pula', 'BWP', 2],
  ['BYN', 'Belarusian Ruble', 'BYN', 2],
  ['BZD', 'Belize Dollar', 'BZD', 2],
  ['CDF', 'Congolese Franc', 'CDF', 2],
  ['CHF', 'Swiss Franc', 'CHF', 2],
  ['CLP', 'Chilean Peso', 'CLP', 0],
  ['CNY', 'Chinese Yuan', 'CN¥', 2],
  ['COP', 'Colombian Peso', 'COP', 2],
  ['CRC', 'Costa Rican Colón', '₡', 2],
  ['CUP', 'Cuban Peso', 'CUP', 2],
  ['CVE', 'Cape Verdean Escudo', 'CVE', 2],
  ['CZK', 'Czech Koruna', 'Kč', 2],
  ['DJF', 'Djiboutian Franc', 'DJF', 0],
  ['DKK', 'Danish Krone', 'DKK', 2],
  ['DOP', 'Dominican Peso', 'DOP', 2],
  ['DZD', 'Algerian Dinar', 'DZD', 2],
  ['EGP', 'Egyptian Pound', 'E£', 2],
  ['ERN', 'Eritrean Nakfa', 'ERN', 2],
  ['ETB', 'Ethiopian Birr', 'ETB', 2],
  ['FJD', 'Fijian Dollar', 'FJD', 2],
  ['FKP', 'Falkland Islands Pound', 'FKP', 2],
  ['GEL', 'Georgian Lari', '₾', 2],
  ['GHS', 'Ghanaian Cedi', 'GH₵', 2],
  ['GIP', 'Gibraltar Pound', 'GIP', 2],
  ['GMD', 'Gambian Dalasi', 'GMD', 2],
  ['GNF', 'Guinean Franc', 'FG', 0],
  ['GTQ', 'Guatemalan Quetzal', 'GTQ', 2],
  ['GYD', 'Guyanaese Dollar', 'GYD', 2],
  ['HKD', 'Hong Kong Dollar', 'HK$', 2],
  ['HNL', 'Honduran Lempira', 'HNL', 2],
  ['HTG', 'Haitian Gourde', 'HTG', 2],
  ['HUF', 'Hungarian Forint', 'Ft', 2],
  ['IDR', 'Indonesian Rupiah', 'Rp', 2],
  ['ILS', 'Israeli New Shekel', '₪', 2],
  ['IQD', 'Iraqi Dinar', 'IQD', 3],
  ['IRR', 'Iranian Rial', 'IRR', 2],
  ['ISK', 'Icelandic Króna', 'ISK', 0],
  ['JMD', 'Jamaican Dollar', 'JMD', 2],
  ['JOD', 'Jordanian Dinar', 'JOD', 3],
  ['JPY', 'Japanese Yen', '¥', 0],
  ['KES', 'Kenyan Shilling', 'KES', 2],
  ['KGS', 'Kyrgyz Som', 'KGS', 2],
  ['KHR', 'Cambodian Riel', '៛', 2],
  ['KMF', 'Comorian Franc', 'CF', 0],
  ['KPW', 'North Korean Won', 'KPW', 2],
  ['KRW', 'South Korean Won', '₩', 0],
  ['KWD', 'Kuwaiti Dinar', 'KWD', 3],
  ['KYD', 'Cayman Islands Dollar', 'KYD', 2],
  ['KZT', 'Kazakhstani Tenge', '₸', 2],
  ['LAK', 'Laotian Kip', '₭', 2],
  ['LBP', 'Lebanese Pound', 'L£', 2],
  ['LKR', 'Sri Lankan Rupee', 'LKR', 2],
  ['LRD', 'Liberian Dollar', 'LRD', 2],
  ['LSL', 'Lesotho Loti', 'LSL', 2],
  ['LYD', 'Libyan Dinar', 'LYD', 3],
  ['MAD', 'Moroccan Dirham', 'MAD', 2],
  ['MDL', 'Moldovan Leu', 'MDL', 2],
  ['MGA', 'Malagasy Ariary', 'Ar', 2],
  ['MKD', 'Macedonian Denar', 'MKD', 2],
  ['MMK', 'Myanmar Kyat', 'MMK', 2],
  ['MNT', 'Mongolian Tugrik', '₮', 2],
  ['MOP', 'Macanese Pataca', 'MOP', 2],
  ['MRU', 'Mauritanian Ouguiya', 'MRU', 2],
  ['MUR', 'Mauritian Rupee', 'MUR', 2],
  ['MVR', 'Maldivian Rufiyaa', 'MVR', 2],
  ['MWK', 'Malawian Kwacha', 'MWK', 2],
  ['MXN', 'Mexican Peso', 'MX$', 2],
  ['MYR', 'Malaysian Ringgit', 'RM', 2],
  ['MZN', 'Mozambican Metical', 'MZN', 2],
  ['NAD', 'Namibian Dollar', 'NAD', 2],
  ['NGN', 'Nigerian Naira', '₦', 2],
  ['NIO', 'Nicaraguan Córdoba', 'C$', 2],
  ['NOK', 'Norwegian Krone', 'NOK', 2],
  ['NPR', 'Nepalese Rupee', 'NPR', 2],
  ['OMR', 'Omani Rial', 'OMR', 3],
  ['PAB', 'Panamanian Balboa', 'PAB', 2],
  ['PEN', 'Peruvian Sol', 'PEN', 2],
  ['PGK', 'Papua New Guinean Kina', 'PGK', 2],
  ['PHP', 'Philippine Peso', '₱', 2],
  ['PKR', 'Pakistani Rupee', 'PKR', 2],
  ['PLN', 'Polish Zloty', 'zł', 2],
  ['PYG', 'Paraguayan Guarani', '₲', 0],
  ['QAR', 'Qatari Riyal', 'QAR', 2],
  ['RON', 'Romanian Leu', 'lei', 2],
  ['RSD', 'Serbian Dinar', 'RSD', 2],
  ['RUB', 'Russian Ruble', '₽', 2],
  ['RWF', 'Rwandan Franc', 'RF', 0],
  ['SAR', 'Saudi Riyal', 'SAR', 2],
  ['SBD', 'Solomon Islands Dollar', 'SBD', 2],
  ['SCR', 'Seychellois Rupee', 'SCR', 2],
  ['SDG', 'Sudanese Pound', 'SDG', 2],
  ['SEK', 'Swedish Krona', 'SEK', 2],
  ['SHP', 'St. Helena Pound', 'SHP', 2],
  ['SLE', 'Sierra Leonean Leone', 'SLE', 2],
  ['SOS', 'Somali Shilling', 'SOS', 2],
  ['SRD', 'Surinamese Dollar', 'SRD', 2],
  ['SSP', 'South Sudanese Pound', 'SSP', 2],
  ['STN', 'São Tomé & Príncipe Dobra', 'Db', 2],
  ['SVC', 'Salvadoran Colón', 'SVC', 2],
  ['SYP', 'Syrian Pound', 'SYP', 2],
  ['SZL', 'Swazi Lilangeni', 'SZL', 2],
  ['THB', 'Thai Baht', '฿', 2],
  ['TJS', 'Tajikistani Somoni', 'TJS', 2],
  ['TMT', 'Turkmenistani Manat', 'TMT', 2],
  ['TND', 'Tunisian Dinar', 'TND', 3],
  ['TOP', 'Tongan Paʻanga', 'T$', 2],
  ['TRY', 'Turkish Lira', '₺', 2],
  ['TTD', 'Trinidad & Tobago Dollar', 'TTD', 2],
  ['TWD', 'New Taiwan Dollar', 'NT$', 2],
  ['TZS', 'Tanzanian Shilling', 'TZS', 2],
  ['UAH', 'Ukrainian Hryvnia', '₴', 2],
  ['UGX', 'Ugandan Shilling', 'UGX', 0],
  ['UYU', 'Uruguayan Peso', 'UYU', 2],
  ['UZS', 'Uzbekistani Som', 'UZS', 2],
  ['VED', 'Venezuelan Digital Bolívar', 'VED', 2],
  ['VES', 'Venezuelan Bolívar', 'VES', 2],
  ['VND', 'Vietnamese Dong', '₫', 0],
  ['VUV', 'Vanuatu Vatu', 'VUV', 0],
  ['WST', 'Samoan Tala', 'WST', 2],
  ['XAF', 'Central African CFA Franc', 'FCFA', 0],
  ['XCD', 'East Caribbean Dollar', 'EC$', 2],
  ['XCG', 'Caribbean Guilder', 'Cg.', 2],
  ['XOF', 'West African CFA Franc', 'F CFA', 0],
  ['XPF', 'CFP Franc', 'CFPF', 0],
  ['YER', 'Yemeni Rial', 'YER', 2],
  ['ZMW', 'Zambian Kwacha', 'ZK', 2],
  ['ZWG', 'Zimbabwean Gold', 'ZWG', 2],
] as const satisfies readonly (readonly [string, string, string, 0 | 2 | 3])[];

type Row = (typeof TABLE)[number];
export type CurrencyCode = Row[0];
export interface Currency {
  code: CurrencyCode;
  text: string;
  symbol: string;
  /** ISO 4217 minor unit: how many decimals an amount has (cents: 2). */
  minorDigits: 0 | 2 | 3;
}

export const CURRENCIES: readonly Currency[] = TABLE.map(([code, text, symbol, minorDigits]) => ({
  code,
  text,
  symbol,
  minorDigits,
}));
export const CURRENCY_CODES = TABLE.map((row) => row[0]) as [CurrencyCode, ...CurrencyCode[]];

/** Spec 2 §9: USD is the default currency, and USD and INR are always in the list. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';
export const ALWAYS_SUPPORTED: readonly CurrencyCode[] = ['USD', 'INR'];

const BY_CODE = new Map<string, Currency>(CURRENCIES.map((currency) => [currency.code, currency]));

/** The catalogue entry for a code in any case ('usd', 'USD'), or undefined. */
export function findCurrency(code: string): Currency | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}

export function isCurrencyCode(code: string): code is CurrencyCode {
  return BY_CODE.has(code);
}

/** The symbol prices show (the ping's csymbol); '$' for a code outside the catalogue (spec 3 §9). */
export function currencySymbol(code: string): string {
  return findCurrency(code)?.symbol ?? '$';
}

/** ISO 4217 minor digits of a currency; an unknown code is an error, never a guess, where money is counted. */
export function currencyMinorDigits(code: string): 0 | 2 | 3 {
  const currency = findCurrency(code);
  if (!currency) throw new RangeError(`Unknown currency '${code}'`);
  return currency.minorDigits;
}
