import { describe, expect, it } from 'vitest';
import { perText, priceText, quantityText, referencePrice, soldByText, unitWord } from './units.ts';

describe('priceText: a price with what it buys and, where it helps comparison, a unit price', () => {
  it('gives a pack its price per kg, per lb, per liter or per piece, rounded to the cent', () => {
    expect(priceText(300, 'pack', { label: '200 g bag', netQuantity: 200, netUnit: 'g' })).toBe('$3.00 · $15.00/kg');
    expect(priceText(950, 'pack', { label: 'jar', netQuantity: 340, netUnit: 'g' })).toBe('$9.50 · $27.94/kg');
    expect(priceText(899, 'pack', { label: 'box of 6', netQuantity: 6, netUnit: 'piece' })).toBe('$8.99 · $1.50 each');
    expect(priceText(400, 'pack', { label: 'bottle', netQuantity: 750, netUnit: 'ml' })).toBe('$4.00 · $5.33/l');
    expect(priceText(500, 'pack', { label: 'tub', netQuantity: 8, netUnit: 'oz' })).toBe('$5.00 · $10.00/lb');
    expect(priceText(1200, 'pack', { label: 'sack', netQuantity: 1.5, netUnit: 'kg' })).toBe('$12.00 · $8.00/kg');
  });

  it('gives a dozen its price per piece, grams per kg and ounces per lb', () => {
    expect(priceText(650, 'dozen')).toBe('$6.50 · $0.54 each');
    expect(priceText(3, 'g')).toBe('$0.03 · $30.00/kg');
    expect(priceText(125, 'oz')).toBe('$1.25 · $20.00/lb');
    expect(priceText(1, 'ml')).toBe('$0.01 · $10.00/l');
  });

  it('writes a unit that is its own comparison as before', () => {
    expect(priceText(2520, 'piece')).toBe('$25.20 each');
    expect(priceText(250, 'kg')).toBe('$2.50 per kg');
    expect(priceText(120, 'liter')).toBe('$1.20 per liter');
    expect(priceText(400, 'bunch')).toBe('$4.00 per bunch');
    expect(referencePrice(400, 'lb')).toBeNull();
    expect(perText('pack', { label: '340 g jar', netQuantity: 340, netUnit: 'g' })).toBe('per 340 g jar');
  });

  it('rounds half a cent up', () => {
    // $1.00 for 3 pieces: 33.33… cents; $0.05 for 200 g: 25 cents a kg exactly; $1.01 for 2: 50.5 → 51.
    expect(referencePrice(100, 'pack', { label: 'bag', netQuantity: 3, netUnit: 'piece' })?.cents).toBe(33);
    expect(referencePrice(101, 'pack', { label: 'bag', netQuantity: 2, netUnit: 'piece' })?.cents).toBe(51);
  });
});

describe('quantityText: stock, a cart line and a slip in the product’s units', () => {
  it('counts packs by their name, measures by their symbol', () => {
    const bag = { label: '200 g bag', netQuantity: 200, netUnit: 'g' } as const;
    expect(quantityText(40, 'pack', bag)).toBe('40 bags');
    expect(quantityText(1, 'pack', bag)).toBe('1 bag');
    expect(quantityText(2, 'pack', { label: 'box', netQuantity: 6, netUnit: 'piece' })).toBe('2 boxes');
    expect(quantityText(2, 'pack', { label: 'box of 6', netQuantity: 6, netUnit: 'piece' })).toBe('2 × box of 6');
    expect(quantityText(3, 'kg')).toBe('3 kg');
    expect(quantityText(12, 'piece')).toBe('12 pieces');
    expect(quantityText(3, 'dozen')).toBe('3 dozen');
    expect(quantityText(5, 'bunch')).toBe('5 bunches');
    expect(quantityText(1, 'liter')).toBe('1 liter');
    expect(quantityText(1200, 'g')).toBe('1,200 g');
  });

  it('gives a count’s unit price per its piece when the product names it', () => {
    expect(priceText(650, 'dozen', null, 'egg')).toBe('$6.50 · $0.54/egg');
    expect(priceText(350, 'pack', { label: 'Half dozen', netQuantity: 6, netUnit: 'piece' }, 'egg')).toBe(
      '$3.50 · $0.58/egg',
    );
    expect(priceText(650, 'dozen')).toBe('$6.50 · $0.54 each');
    // A weight keeps its kg, whatever the pieces are called.
    expect(priceText(300, 'pack', { label: '200 g bag', netQuantity: 200, netUnit: 'g' }, 'leaf')).toBe(
      '$3.00 · $15.00/kg',
    );
  });

  it('names the units beside the stepper', () => {
    expect(unitWord(2, 'pack', { label: '340 g jar', netQuantity: 340, netUnit: 'g' })).toBe('jars');
    expect(unitWord(1, 'piece')).toBe('piece');
    expect(unitWord(3, 'kg')).toBe('kg');
    // A pack named by a measure is written by its name (not "20 dozens").
    expect(quantityText(20, 'pack', { label: 'Half dozen', netQuantity: 6, netUnit: 'piece' })).toBe('20 × Half dozen');
    expect(unitWord(2, 'pack', { label: 'Whole kg', netQuantity: 1, netUnit: 'kg' })).toBe('× Whole kg');
  });

  it('says what one unit is', () => {
    expect(soldByText('pack', { label: 'jar', netQuantity: 340, netUnit: 'g' })).toBe('jar (340 g)');
    expect(soldByText('dozen')).toBe('dozen (12)');
    expect(soldByText('kg')).toBe('kg');
  });
});
