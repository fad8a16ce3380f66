// SPEC 2.2: the side menu, in order. A visitor sees the same list; items that need an account
// open the sign-in prompt, and Home, About and Privacy Policy navigate.
import type { CategoryId } from '@app/shared';
import {
  Apple,
  ClipboardList,
  Bean,
  Beef,
  CircleUser,
  House,
  Info,
  Languages,
  Leaf,
  LogIn,
  LogOut,
  Map,
  PackageCheck,
  Share2,
  Shield,
  ShoppingBasket,
  Sprout,
  Tractor,
  Truck,
  UserPlus,
  Users,
  Warehouse,
  Wheat,
  Wrench,
  type LucideIcon,
  Car,
  Store,
} from 'lucide-react';

export const categoryMenuKey: Record<CategoryId, string> = {
  Delivery: 'delivery',
  Equipments: 'equipment',
  Space: 'space',
  Transport: 'transport',
  Services: 'services',
  Vegetables: 'vegetables',
  Cereals: 'cereal',
  Fruits: 'fruits',
  LiveStock: 'liveStock',
  Input: 'input',
  AnimalFeed: 'animal',
  Herbs: 'herbs',
  YouPropose: 'youpropose',
};

export interface MenuItem {
  /** i18n key under `menu.` */
  key: string;
  icon: LucideIcon;
  /** Where it goes when signed in. */
  to?: string;
  action?: 'share' | 'logout';
  /** What a visitor gets: a link (with its own target), the sign-in prompt, or nothing. */
  visitor: { to: string } | 'prompt' | 'hidden' | 'action';
}

export const MENU: MenuItem[] = [
  { key: 'home', icon: House, to: '/dashboard', visitor: { to: '/' } },
  { key: 'delivery', icon: Truck, to: '/delivery', visitor: 'prompt' },
  { key: 'equipment', icon: Tractor, to: '/equipment', visitor: 'prompt' },
  { key: 'space', icon: Warehouse, to: '/space', visitor: 'prompt' },
  { key: 'transport', icon: Car, to: '/tranport', visitor: 'prompt' },
  { key: 'services', icon: Wrench, to: '/services', visitor: 'prompt' },
  { key: 'vegetables', icon: Leaf, to: '/vegetables', visitor: 'prompt' },
  { key: 'cereal', icon: Wheat, to: '/cereal', visitor: 'prompt' },
  { key: 'fruits', icon: Apple, to: '/fruits', visitor: 'prompt' },
  { key: 'liveStock', icon: Beef, to: '/liveStock', visitor: 'prompt' },
  { key: 'input', icon: Sprout, to: '/inputCategory', visitor: 'prompt' },
  { key: 'animal', icon: Bean, to: '/animal', visitor: 'prompt' },
  { key: 'herbs', icon: ShoppingBasket, to: '/herbs', visitor: 'prompt' },
  { key: 'youpropose', icon: Store, to: '/youpropose', visitor: 'prompt' },
  { key: 'about', icon: Info, to: '/about', visitor: { to: '/about' } },
  { key: 'map', icon: Map, to: '/map', visitor: 'prompt' },
  { key: 'clients', icon: Users, to: '/clients', visitor: 'prompt' },
  { key: 'suppliers', icon: PackageCheck, to: '/suppliers', visitor: 'prompt' },
  { key: 'myOffers', icon: ClipboardList, to: '/myoffers', visitor: 'hidden' },
  { key: 'languageCurrency', icon: Languages, to: '/languageCurrency', visitor: 'hidden' },
  { key: 'privacy', icon: Shield, to: '/privacypolicy', visitor: { to: '/privacypolicy' } },
  { key: 'profile', icon: CircleUser, to: '/profile', visitor: 'hidden' },
  { key: 'shareApp', icon: Share2, action: 'share', visitor: 'action' },
  { key: 'logout', icon: LogOut, action: 'logout', visitor: 'hidden' },
  // Visitor-only entries.
  { key: 'signUp', icon: UserPlus, visitor: { to: '/accountcreation' } },
  { key: 'login', icon: LogIn, visitor: { to: '/login' } },
];
