import type { Allergen, Label } from '#contract/food-facts.ts';

/** A demo product's food facts: what its label would say. */
export type DemoFacts = { allergens: Allergen[]; labels: Label[]; ingredients: string };

/** Fresh fruit and vegetables: one ingredient, no allergen. */
const produce = (labels: Label[] = []): DemoFacts => ({
  allergens: [],
  labels: [...labels, 'vegan', 'vegetarian', 'gluten-free', 'lactose-free'],
  ingredients: '',
});
const facts = (ingredients: string, allergens: Allergen[], labels: Label[]): DemoFacts => ({
  ingredients,
  allergens,
  labels,
});
const VEGAN: Label[] = ['vegan', 'vegetarian', 'lactose-free'];

/** The food facts of every demo product, by its name (seed.test.ts checks each product has them). */
export const FOOD_FACTS: Record<string, DemoFacts> = {
  // Green Valley Farm grows organically.
  'Heirloom Tomatoes': produce(['organic']),
  'Baby Spinach': produce(['organic']),
  'Pasture-Raised Eggs': facts('Free-range eggs', ['eggs'], ['organic', 'vegetarian', 'gluten-free', 'lactose-free']),
  'Wildflower Honey': facts('Raw honey', [], ['organic', 'vegetarian', 'gluten-free', 'lactose-free']),

  'Jersey Whole Milk': facts('Whole milk', ['milk'], ['vegetarian', 'gluten-free']),
  'Fresh Goat Milk': facts('Goat milk', ['milk'], ['vegetarian', 'gluten-free']),
  'Cultured Buttermilk': facts('Cultured low-fat milk', ['milk'], ['vegetarian', 'gluten-free']),
  'Sheep Milk Drinking Yogurt': facts('Sheep milk, live yogurt cultures', ['milk'], ['vegetarian', 'gluten-free']),
  'Jersey Heavy Cream': facts('Cream (from milk)', ['milk'], ['vegetarian', 'gluten-free']),
  'Farmhouse Cheese Milk': facts('Whole milk', ['milk'], ['vegetarian', 'gluten-free']),

  'Rainbow Carrots': produce(['organic']),
  'Yukon Gold Potatoes': produce(),
  'Broccoli Crowns': produce(['organic']),
  'Persian Cucumbers': produce(),
  'Red Onions': produce(),
  'Hardneck Garlic': produce(['organic']),
  'Sweet Corn': produce(),
  'Italian Eggplant': produce(),
  'Red Bell Peppers': produce(),
  'Fresno Chili Peppers': produce(),

  'Honeycrisp Apples': produce(),
  'Bartlett Pears': produce(),
  'Rainier Cherries': produce(),
  'Freestone Peaches': produce(['organic']),
  'Hood Strawberries': produce(['organic']),
  'Concord Grapes': produce(),
  'Highbush Blueberries': produce(['organic']),
  'Seedless Watermelon': produce(),
  'Meyer Lemons': produce(),
  'Cara Cara Oranges': produce(),
  'Ataulfo Mangoes': produce(),
  'Lady Finger Bananas': produce(),

  'Dark Chocolate Bark': facts(
    'Dark chocolate (cocoa mass, sugar, cocoa butter, soy lecithin), roasted almonds, sea salt',
    ['soya', 'tree nuts'],
    ['vegan', 'vegetarian', 'gluten-free', 'lactose-free'],
  ),
  'Chocolate Layer Cake': facts(
    'Wheat flour, sugar, butter, eggs, cocoa, whole milk, cream, baking powder',
    ['cereals containing gluten', 'eggs', 'milk'],
    ['vegetarian'],
  ),
  'Strawberry Shortcake Slices': facts(
    'Strawberries, wheat flour, cream, butter, sugar, eggs',
    ['cereals containing gluten', 'eggs', 'milk'],
    ['vegetarian'],
  ),
  'Vanilla Bean Custard': facts(
    'Whole milk, cream, egg yolks, sugar, vanilla bean',
    ['milk', 'eggs'],
    ['vegetarian', 'gluten-free'],
  ),
  'Honey Glazed Doughnuts': facts(
    'Wheat flour, milk, eggs, butter, honey, sugar, yeast, sunflower oil',
    ['cereals containing gluten', 'milk', 'eggs'],
    ['vegetarian'],
  ),
  'Salted Caramel Candies': facts(
    'Sugar, cream, butter, glucose syrup, sea salt',
    ['milk'],
    ['vegetarian', 'gluten-free'],
  ),
  'Red Velvet Cupcakes': facts(
    'Wheat flour, sugar, buttermilk, eggs, cream cheese, butter, cocoa, beetroot juice',
    ['cereals containing gluten', 'milk', 'eggs'],
    ['vegetarian'],
  ),
  'Marionberry Ice Cream': facts(
    'Cream, whole milk, marionberries, sugar, egg yolks',
    ['milk', 'eggs'],
    ['vegetarian', 'gluten-free'],
  ),

  'Kettle Butter Popcorn': facts('Popcorn kernels, butter, sugar, sea salt', ['milk'], ['vegetarian', 'gluten-free']),
  'Oatmeal Raisin Cookies': facts(
    'Rolled oats, wheat flour, butter, brown sugar, raisins, eggs, cinnamon',
    ['cereals containing gluten', 'milk', 'eggs'],
    ['vegetarian'],
  ),
  'Soft Bavarian Pretzels': facts(
    'Wheat flour, water, malt, yeast, butter, coarse salt',
    ['cereals containing gluten', 'milk'],
    ['vegetarian'],
  ),
  'Honey Roasted Peanuts': facts(
    'Peanuts, honey, sugar, sea salt',
    ['peanuts'],
    ['vegetarian', 'gluten-free', 'lactose-free'],
  ),
  'Roasted Chestnuts': facts('Chestnuts', ['tree nuts'], ['vegan', 'vegetarian', 'gluten-free', 'lactose-free']),
  'Sesame Rice Crackers': facts(
    'Rice, sesame seeds, tamari (soy beans, salt), rice bran oil',
    ['sesame', 'soya'],
    ['vegan', 'vegetarian', 'gluten-free', 'lactose-free'],
  ),

  'Cold Brew Coffee': facts('Water, coffee', [], ['organic', ...VEGAN, 'gluten-free']),
  'Sencha Green Tea': facts('Green tea leaves', [], ['organic', ...VEGAN, 'gluten-free']),
  'Fresh Squeezed Lemonade': facts('Water, lemon juice, cane sugar', [], [...VEGAN, 'gluten-free']),
  'Pressed Apple Juice': facts('Pressed apples, vitamin C', [], [...VEGAN, 'gluten-free']),
  'Yerba Mate Infusion': facts('Water, yerba mate, lemon juice', [], ['organic', ...VEGAN, 'gluten-free']),
  'Brown Sugar Bubble Tea': facts(
    'Black tea, whole milk, brown sugar, tapioca pearls',
    ['milk'],
    ['vegetarian', 'gluten-free'],
  ),
  'Young Coconut Water': facts('Coconut water', [], [...VEGAN, 'gluten-free']),

  'Grass-Fed Cheeseburger': facts(
    'Beef patty, wheat bun (wheat flour, milk, eggs, sesame seeds), cheddar cheese, lettuce, tomato, mustard',
    ['cereals containing gluten', 'milk', 'eggs', 'sesame', 'mustard'],
    [],
  ),
  'Wood-Fired Margherita Pizza': facts(
    'Wheat flour, tomatoes, mozzarella cheese, olive oil, basil, salt, yeast',
    ['cereals containing gluten', 'milk'],
    ['vegetarian'],
  ),
  'Smoked Bratwurst Hot Dog': facts(
    'Pork bratwurst, wheat bun, mustard, sauerkraut, sulphites',
    ['cereals containing gluten', 'mustard', 'sulphites'],
    ['lactose-free'],
  ),
  'Hand-Cut Fries': facts('Potatoes, sunflower oil, sea salt', [], [...VEGAN, 'gluten-free']),
  'Carnitas Tacos': facts(
    'Pork shoulder, corn tortillas, onion, cilantro, lime, salsa verde',
    [],
    ['gluten-free', 'lactose-free'],
  ),
  'Black Bean Burrito': facts(
    'Wheat tortilla, black beans, rice, cheddar cheese, sour cream, salsa',
    ['cereals containing gluten', 'milk'],
    ['vegetarian'],
  ),
  'Falafel Wrap': facts(
    'Wheat flatbread, chickpea falafel, tahini sauce (sesame), tomato, cucumber, parsley',
    ['cereals containing gluten', 'sesame'],
    VEGAN,
  ),

  'Chicken Katsu Curry': facts(
    'Chicken, rice, panko (wheat), eggs, curry sauce (wheat flour, soy sauce, celery, onion, carrot)',
    ['cereals containing gluten', 'eggs', 'soya', 'celery'],
    ['lactose-free'],
  ),
  'Salmon Onigiri': facts(
    'Sushi rice, salmon, nori, rice vinegar, sesame seeds',
    ['fish', 'sesame'],
    ['gluten-free', 'lactose-free'],
  ),
  'Pork and Chive Dumplings': facts(
    'Wheat flour, pork, chives, cabbage, soy sauce, sesame oil, ginger',
    ['cereals containing gluten', 'soya', 'sesame'],
    ['lactose-free'],
  ),
  'Shoyu Ramen Kit': facts(
    'Wheat noodles, soy sauce broth, eggs, spring onion, nori',
    ['cereals containing gluten', 'soya', 'eggs'],
    ['lactose-free'],
  ),
  'Seafood Paella': facts(
    'Rice, prawns, mussels, squid, fish stock, peppers, saffron, white wine (sulphites)',
    ['crustaceans', 'molluscs', 'fish', 'sulphites'],
    ['gluten-free', 'lactose-free'],
  ),
  'Pork Tamales': facts('Corn masa, pork, lard, red chili sauce, corn husks', [], ['gluten-free', 'lactose-free']),
  'Teriyaki Bento Box': facts(
    'Rice, chicken, teriyaki sauce (soy sauce, wheat, mirin), broccoli, sesame seeds',
    ['soya', 'cereals containing gluten', 'sesame'],
    ['lactose-free'],
  ),

  'Country Sourdough Loaf': facts('Wheat flour, water, rye flour, sea salt', ['cereals containing gluten'], VEGAN),
  'Butter Croissants': facts(
    'Wheat flour, butter, milk, sugar, eggs, yeast, salt',
    ['cereals containing gluten', 'milk', 'eggs'],
    ['vegetarian'],
  ),
  'Parisian Baguettes': facts('Wheat flour, water, yeast, salt', ['cereals containing gluten'], VEGAN),
  'Everything Bagels': facts(
    'Wheat flour, water, malt, yeast, salt, sesame seeds, poppy seeds, garlic, onion',
    ['cereals containing gluten', 'sesame'],
    VEGAN,
  ),
  'Apple Lattice Pie': facts(
    'Apples, wheat flour, butter, sugar, eggs, cinnamon',
    ['cereals containing gluten', 'milk', 'eggs'],
    ['vegetarian'],
  ),
  'Stone-Baked Flatbread': facts('Wheat flour, water, olive oil, yeast, salt', ['cereals containing gluten'], VEGAN),
  'Buttermilk Waffles': facts(
    'Wheat flour, buttermilk, eggs, butter, sugar, baking powder',
    ['cereals containing gluten', 'milk', 'eggs'],
    ['vegetarian'],
  ),

  'Stone-Ground Whole Wheat Flour': facts('Whole wheat', ['cereals containing gluten'], ['organic', ...VEGAN]),
  'Unbleached Bread Flour': facts('Wheat flour', ['cereals containing gluten'], VEGAN),
  'Unsalted Baking Butter': facts('Cream (from milk)', ['milk'], ['vegetarian', 'gluten-free']),
  'Flaky Sea Salt': facts('Sea salt', [], [...VEGAN, 'gluten-free']),
  'Baking Chocolate Callets': facts(
    'Cocoa mass, sugar, cocoa butter, whole milk powder, soy lecithin, vanilla',
    ['milk', 'soya'],
    ['vegetarian', 'gluten-free'],
  ),
  'Fresh Ginger Root': produce(['organic']),

  'Jasmine Rice (2 kg)': facts('Jasmine rice', [], [...VEGAN, 'gluten-free']),
  'Heritage Wheat Berries': facts('Whole wheat berries', ['cereals containing gluten'], ['organic', ...VEGAN]),
  'Coarse Yellow Polenta': facts('Stone-ground yellow corn', [], [...VEGAN, 'gluten-free']),
  'Thick Rolled Oats': facts('Rolled oats', ['cereals containing gluten'], ['organic', ...VEGAN]),
  'Pinto Beans': facts('Dried pinto beans', [], ['organic', ...VEGAN, 'gluten-free']),
  'Short-Grain Sushi Rice': facts('Short-grain rice', [], [...VEGAN, 'gluten-free']),

  'Grass-Fed Ribeye Steak': facts('Beef', [], ['gluten-free', 'lactose-free']),
  'Free-Range Chicken Drumsticks': facts('Chicken', [], ['gluten-free', 'lactose-free']),
  'Wild Coho Salmon Fillet': facts('Coho salmon', ['fish'], ['gluten-free', 'lactose-free']),
  'Applewood Smoked Bacon': facts('Pork belly, salt, brown sugar, sodium nitrite', [], ['gluten-free', 'lactose-free']),
  'Spot Prawns': facts('Spot prawns', ['crustaceans'], ['gluten-free', 'lactose-free']),
  'Dungeness Crab': facts('Dungeness crab', ['crustaceans'], ['gluten-free', 'lactose-free']),
  'Lamb Shoulder Chops': facts('Lamb', [], ['gluten-free', 'lactose-free']),
  'Pasture Lamb Share': facts('Lamb', [], ['gluten-free', 'lactose-free']),
  'Kumamoto Oysters (dozen)': facts('Kumamoto oysters', ['molluscs'], ['gluten-free', 'lactose-free']),
};
