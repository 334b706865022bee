import { cents } from '../money.js';
import type { BpayBillerInfo } from './bpay.js';

export type HouseholdBillCategory = 'electricity' | 'gas' | 'water' | 'phone' | 'council rates' | 'insurance';

export interface DemoBpayBiller extends BpayBillerInfo {
  category: HouseholdBillCategory;
}

/**
 * A small demo catalogue for development, seeds and tests. The companies are fictitious on purpose and the
 * biller codes invented (they also pass a Luhn check), so that no demo payment can reach a real biller.
 * The seeds store them as companies; validation and payments read the stored company catalogue, never this list.
 */
export const DEMO_BPAY_BILLERS: readonly DemoBpayBiller[] = [
  {
    billerCode: '482711',
    name: 'Harbourside Energy',
    category: 'electricity',
    referenceAlgorithm: 'MOD10V01',
    referenceLength: 10,
    maxAmount: cents(2_000_000),
  },
  { billerCode: '615328', name: 'Southern Cross Power', category: 'electricity', referenceAlgorithm: 'MOD10V05' },
  { billerCode: '9027', name: 'Bluegum Gas', category: 'gas', referenceAlgorithm: 'MOD10V01', minAmount: cents(500) },
  { billerCode: '203752', name: 'Coral Coast Gas', category: 'gas', referenceAlgorithm: 'none' },
  {
    billerCode: '779108',
    name: 'Murray Valley Water',
    category: 'water',
    referenceAlgorithm: 'MOD10V05',
    referenceLength: { min: 8, max: 12 },
  },
  { billerCode: '14589', name: 'Greater Harbour Water', category: 'water', referenceAlgorithm: 'MOD10V01' },
  {
    billerCode: '352682',
    name: 'Outback Mobile',
    category: 'phone',
    referenceAlgorithm: 'none',
    referenceLength: { min: 6, max: 12 },
  },
  { billerCode: '77313', name: 'Wattle Telecom', category: 'phone', referenceAlgorithm: 'MOD10V01' },
  {
    billerCode: '904177',
    name: 'City of Riverbend Council Rates',
    category: 'council rates',
    referenceAlgorithm: 'MOD10V05',
    minAmount: cents(100),
    maxAmount: cents(2_500_000),
  },
  { billerCode: '33068', name: 'Shire of Banksia Hills Rates', category: 'council rates', referenceAlgorithm: 'none' },
  {
    billerCode: '138495',
    name: 'Kookaburra Home Insurance',
    category: 'insurance',
    referenceAlgorithm: 'MOD10V01',
    maxAmount: cents(1_500_000),
  },
  { billerCode: '529065', name: 'Coastal Mutual Car Insurance', category: 'insurance', referenceAlgorithm: 'MOD10V05' },
];
