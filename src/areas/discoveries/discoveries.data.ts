/**
 * The institutions GET /discoveries knows: fictional banks and mobile-money
 * providers, at least two per country for every domestic fiat account type
 * (SWIFT_ACCOUNT is the cross-border fallback, not a domestic system). Every
 * name carries "Sandbox" so none can be mistaken for a real institution.
 */
import { ACCOUNT_TYPES, type AccountType } from '../external-accounts/account-types.js';

export interface Institution {
  bankName: string;
  displayName: string;
  country: string;
  currency: string;
  paymentRails: string[];
  /** Mobile money only: the value for accountInfo.provider. */
  provider?: string;
}

/** [legal name, display name] */
type Name = readonly [string, string];

interface Row {
  accountType: Exclude<AccountType, 'SWIFT_ACCOUNT'>;
  country: string;
  banks?: readonly Name[];
  mobileMoney?: readonly Name[];
}

const ROWS: readonly Row[] = [
  { accountType: 'AED_ACCOUNT', country: 'AE', banks: [['Sandbox Gulf Commercial Bank PJSC', 'Sandbox Gulf Commercial'], ['Sandbox Desert Savings Bank PJSC', 'Sandbox Desert Savings']] },
  {
    accountType: 'BDT_ACCOUNT',
    country: 'BD',
    banks: [['Sandbox Delta Bank PLC', 'Sandbox Delta Bank'], ['Sandbox Padma Commercial Bank PLC', 'Sandbox Padma Bank']],
    mobileMoney: [['Sandbox Mobile Money Bangladesh Ltd', 'Sandbox Mobile Money']],
  },
  { accountType: 'BRL_ACCOUNT', country: 'BR', banks: [['Banco Sandbox do Brasil S.A.', 'Banco Sandbox'], ['Sandbox Caixa de Poupança S.A.', 'Sandbox Poupança']] },
  { accountType: 'BWP_ACCOUNT', country: 'BW', mobileMoney: [['Sandbox Mobile Money Botswana (Pty) Ltd', 'Sandbox Mobile Money'], ['Sandbox Kalahari Wallet (Pty) Ltd', 'Sandbox Kalahari Wallet']] },
  { accountType: 'CAD_ACCOUNT', country: 'CA', banks: [['Sandbox Maple Trust Bank', 'Sandbox Maple Trust'], ['Sandbox Northern Credit Union Limited', 'Sandbox Northern Credit Union']] },
  {
    accountType: 'CNY_ACCOUNT',
    country: 'CN',
    banks: [['Sandbox Jade River Bank Co., Ltd.', 'Sandbox Jade River Bank'], ['Sandbox Pearl Delta Bank Co., Ltd.', 'Sandbox Pearl Delta Bank']],
    mobileMoney: [['Sandbox Mobile Pay Co., Ltd.', 'Sandbox Mobile Pay']],
  },
  {
    accountType: 'COP_ACCOUNT',
    country: 'CO',
    banks: [['Banco Sandbox de Colombia S.A.', 'Banco Sandbox'], ['Sandbox Banco de los Andes S.A.', 'Sandbox Andes']],
    mobileMoney: [['Sandbox Billetera Móvil S.A.', 'Sandbox Billetera']],
  },
  { accountType: 'DKK_ACCOUNT', country: 'DK', banks: [['Sandbox Nordic Bank A/S', 'Sandbox Nordic Bank'], ['Sandbox Harbour Savings Bank A/S', 'Sandbox Harbour Savings']] },
  {
    accountType: 'EGP_ACCOUNT',
    country: 'EG',
    banks: [['Sandbox Nile Bank S.A.E.', 'Sandbox Nile Bank'], ['Sandbox Delta Commercial Bank S.A.E.', 'Sandbox Delta Commercial']],
    mobileMoney: [['Sandbox Mobile Money Egypt S.A.E.', 'Sandbox Mobile Money']],
  },
  { accountType: 'EUR_ACCOUNT', country: 'DE', banks: [['Sandbox Handelsbank AG', 'Sandbox Handelsbank'], ['Sandbox Sparkasse Nord', 'Sandbox Sparkasse']] },
  { accountType: 'EUR_ACCOUNT', country: 'ES', banks: [['Banco Sandbox de España S.A.', 'Banco Sandbox'], ['Sandbox Caja de Ahorros S.A.', 'Sandbox Caja']] },
  { accountType: 'EUR_ACCOUNT', country: 'FR', banks: [['Banque Sandbox de France S.A.', 'Banque Sandbox'], ['Sandbox Crédit Régional S.A.', 'Sandbox Crédit Régional']] },
  { accountType: 'EUR_ACCOUNT', country: 'IE', banks: [['Sandbox Liffey Bank DAC', 'Sandbox Liffey Bank'], ['Sandbox Emerald Savings DAC', 'Sandbox Emerald Savings']] },
  { accountType: 'EUR_ACCOUNT', country: 'IT', banks: [['Banca Sandbox Italiana S.p.A.', 'Banca Sandbox'], ['Sandbox Cassa di Risparmio S.p.A.', 'Sandbox Cassa']] },
  { accountType: 'EUR_ACCOUNT', country: 'NL', banks: [['Sandbox Polderbank N.V.', 'Sandbox Polderbank'], ['Sandbox Grachten Spaarbank N.V.', 'Sandbox Spaarbank']] },
  { accountType: 'GBP_ACCOUNT', country: 'GB', banks: [['Sandbox Thames Bank PLC', 'Sandbox Thames Bank'], ['Sandbox Building Society', 'Sandbox Building Society']] },
  {
    accountType: 'GHS_ACCOUNT',
    country: 'GH',
    banks: [['Sandbox Gold Coast Bank PLC', 'Sandbox Gold Coast Bank'], ['Sandbox Volta Commercial Bank PLC', 'Sandbox Volta Bank']],
    mobileMoney: [['Sandbox Mobile Money Ghana Ltd', 'Sandbox Mobile Money']],
  },
  { accountType: 'GTQ_ACCOUNT', country: 'GT', banks: [['Banco Sandbox de Guatemala S.A.', 'Banco Sandbox'], ['Sandbox Quetzal Savings Bank S.A.', 'Sandbox Quetzal Savings']] },
  { accountType: 'HKD_ACCOUNT', country: 'HK', banks: [['Sandbox Harbour Bank (Hong Kong) Limited', 'Sandbox Harbour Bank'], ['Sandbox Kowloon Savings Bank Limited', 'Sandbox Kowloon Savings']] },
  { accountType: 'HTG_ACCOUNT', country: 'HT', mobileMoney: [['Sandbox Mobile Money Haïti S.A.', 'Sandbox Mobile Money'], ['Sandbox Lakay Wallet S.A.', 'Sandbox Lakay Wallet']] },
  { accountType: 'IDR_ACCOUNT', country: 'ID', banks: [['PT Bank Sandbox Nusantara Tbk', 'Bank Sandbox Nusantara'], ['PT Bank Sandbox Kepulauan Tbk', 'Bank Sandbox Kepulauan']] },
  { accountType: 'ILS_ACCOUNT', country: 'IL', banks: [['Sandbox Galilee Bank Ltd.', 'Sandbox Galilee Bank'], ['Sandbox Carmel Savings Bank Ltd.', 'Sandbox Carmel Savings']] },
  { accountType: 'INR_ACCOUNT', country: 'IN', banks: [['Sandbox Ganges Bank Limited', 'Sandbox Ganges Bank'], ['Sandbox Deccan Co-operative Bank Limited', 'Sandbox Deccan Bank']] },
  { accountType: 'JMD_ACCOUNT', country: 'JM', banks: [['Sandbox Caribbean Bank Limited', 'Sandbox Caribbean Bank'], ['Sandbox Blue Mountain Savings Limited', 'Sandbox Blue Mountain']] },
  { accountType: 'KES_ACCOUNT', country: 'KE', mobileMoney: [['Sandbox Mobile Money Kenya Limited', 'Sandbox Mobile Money'], ['Sandbox Simu Wallet Limited', 'Sandbox Simu Wallet']] },
  { accountType: 'MWK_ACCOUNT', country: 'MW', mobileMoney: [['Sandbox Mobile Money Malawi Limited', 'Sandbox Mobile Money'], ['Sandbox Lake Wallet Limited', 'Sandbox Lake Wallet']] },
  { accountType: 'MXN_ACCOUNT', country: 'MX', banks: [['Banco Sandbox de México S.A.', 'Banco Sandbox'], ['Sandbox Banco del Altiplano S.A.', 'Sandbox Altiplano']] },
  { accountType: 'MYR_ACCOUNT', country: 'MY', banks: [['Sandbox Straits Bank Berhad', 'Sandbox Straits Bank'], ['Sandbox Peninsula Bank Berhad', 'Sandbox Peninsula Bank']] },
  { accountType: 'NGN_ACCOUNT', country: 'NG', banks: [['Sandbox Niger Delta Bank PLC', 'Sandbox Niger Delta Bank'], ['Sandbox Savannah Commercial Bank PLC', 'Sandbox Savannah Bank']] },
  { accountType: 'PHP_ACCOUNT', country: 'PH', banks: [['Sandbox Archipelago Bank, Inc.', 'Sandbox Archipelago Bank'], ['Sandbox Luzon Savings Bank, Inc.', 'Sandbox Luzon Savings']] },
  {
    accountType: 'PKR_ACCOUNT',
    country: 'PK',
    banks: [['Sandbox Karakoram Bank Limited', 'Sandbox Karakoram Bank'], ['Sandbox Ravi Commercial Bank Limited', 'Sandbox Ravi Bank']],
    mobileMoney: [['Sandbox Mobile Money Pakistan Limited', 'Sandbox Mobile Money']],
  },
  { accountType: 'RWF_ACCOUNT', country: 'RW', mobileMoney: [['Sandbox Mobile Money Rwanda Ltd', 'Sandbox Mobile Money'], ['Sandbox Thousand Hills Wallet Ltd', 'Sandbox Hills Wallet']] },
  { accountType: 'SGD_ACCOUNT', country: 'SG', banks: [['Sandbox Lion City Bank Limited', 'Sandbox Lion City Bank'], ['Sandbox Marina Savings Bank Limited', 'Sandbox Marina Savings']] },
  {
    accountType: 'SLV_ACCOUNT',
    country: 'SV',
    banks: [['Banco Sandbox de El Salvador S.A.', 'Banco Sandbox'], ['Sandbox Volcán Savings Bank S.A.', 'Sandbox Volcán Savings']],
    mobileMoney: [['Sandbox Mobile Money El Salvador S.A.', 'Sandbox Mobile Money']],
  },
  { accountType: 'THB_ACCOUNT', country: 'TH', banks: [['Sandbox Chao Phraya Bank Public Company Limited', 'Sandbox Chao Phraya Bank'], ['Sandbox Lotus Savings Bank Public Company Limited', 'Sandbox Lotus Savings']] },
  { accountType: 'TRY_ACCOUNT', country: 'TR', banks: [['Sandbox Bosphorus Bank A.Ş.', 'Sandbox Bosphorus Bank'], ['Sandbox Anatolia Participation Bank A.Ş.', 'Sandbox Anatolia Bank']] },
  { accountType: 'TZS_ACCOUNT', country: 'TZ', mobileMoney: [['Sandbox Mobile Money Tanzania Limited', 'Sandbox Mobile Money'], ['Sandbox Kilimanjaro Wallet Limited', 'Sandbox Kilimanjaro Wallet']] },
  { accountType: 'UGX_ACCOUNT', country: 'UG', mobileMoney: [['Sandbox Mobile Money Uganda Limited', 'Sandbox Mobile Money'], ['Sandbox Pearl Wallet Limited', 'Sandbox Pearl Wallet']] },
  { accountType: 'USD_ACCOUNT', country: 'US', banks: [['Sandbox National Bank, N.A.', 'Sandbox National Bank'], ['Sandbox Federal Credit Union', 'Sandbox FCU']] },
  { accountType: 'VND_ACCOUNT', country: 'VN', banks: [['Sandbox Mekong Commercial Joint Stock Bank', 'Sandbox Mekong Bank'], ['Sandbox Red River Joint Stock Bank', 'Sandbox Red River Bank']] },
  { accountType: 'XAF_ACCOUNT', country: 'CG', mobileMoney: [['Sandbox Mobile Money Congo S.A.', 'Sandbox Mobile Money'], ['Sandbox Congo River Wallet S.A.', 'Sandbox River Wallet']] },
  { accountType: 'XAF_ACCOUNT', country: 'CM', mobileMoney: [['Sandbox Mobile Money Cameroun S.A.', 'Sandbox Mobile Money'], ['Sandbox Wouri Wallet S.A.', 'Sandbox Wouri Wallet']] },
  { accountType: 'XOF_ACCOUNT', country: 'BJ', mobileMoney: [['Sandbox Mobile Money Bénin S.A.', 'Sandbox Mobile Money'], ['Sandbox Ouémé Wallet S.A.', 'Sandbox Ouémé Wallet']] },
  { accountType: 'XOF_ACCOUNT', country: 'CI', mobileMoney: [["Sandbox Mobile Money Côte d'Ivoire S.A.", 'Sandbox Mobile Money'], ['Sandbox Lagune Wallet S.A.', 'Sandbox Lagune Wallet']] },
  { accountType: 'XOF_ACCOUNT', country: 'SN', mobileMoney: [['Sandbox Mobile Money Sénégal S.A.', 'Sandbox Mobile Money'], ['Sandbox Teranga Wallet S.A.', 'Sandbox Teranga Wallet']] },
  { accountType: 'XOF_ACCOUNT', country: 'TG', mobileMoney: [['Sandbox Mobile Money Togo S.A.', 'Sandbox Mobile Money'], ['Sandbox Lomé Wallet S.A.', 'Sandbox Lomé Wallet']] },
  { accountType: 'ZAR_ACCOUNT', country: 'ZA', banks: [['Sandbox Highveld Bank Limited', 'Sandbox Highveld Bank'], ['Sandbox Cape Mutual Bank Limited', 'Sandbox Cape Mutual']] },
  { accountType: 'ZMW_ACCOUNT', country: 'ZM', mobileMoney: [['Sandbox Mobile Money Zambia Limited', 'Sandbox Mobile Money'], ['Sandbox Copperbelt Wallet Limited', 'Sandbox Copperbelt Wallet']] },
];

/**
 * Rails come from the account type, so discovery never offers a rail an
 * external account would not report: mobile-money providers get
 * MOBILE_MONEY, banks every other rail of the type.
 */
function institutions(row: Row): Institution[] {
  const spec = ACCOUNT_TYPES[row.accountType];
  const currency = spec.currencies[0]!;
  const bankRails = spec.rails.filter((rail) => rail !== 'MOBILE_MONEY');
  const banks = (row.banks ?? []).map(([bankName, displayName]) => ({ bankName, displayName, country: row.country, currency, paymentRails: [...bankRails] }));
  const mobile = (row.mobileMoney ?? []).map(([bankName, displayName]) => ({ bankName, displayName, country: row.country, currency, paymentRails: ['MOBILE_MONEY'], provider: displayName }));
  return [...banks, ...mobile];
}

export const INSTITUTIONS: readonly Institution[] = ROWS.flatMap(institutions);
