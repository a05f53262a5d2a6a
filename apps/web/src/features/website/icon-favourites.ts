/**
 * The Tabler icons a studio's page uses most, shown first in 'Add icon', with the plain words a studio types for them
 * ('gym' finds the barbell). Names only: the icons themselves load with the whole set when the picker opens.
 */
export const FAVOURITE_ICONS: { exportName: string; words: string }[] = [
  { exportName: 'IconYoga', words: 'yoga pose meditation' },
  { exportName: 'IconBarbell', words: 'barbell gym strength weights' },
  { exportName: 'IconRun', words: 'run cardio running' },
  { exportName: 'IconBike', words: 'bike cycling spin' },
  { exportName: 'IconSwimming', words: 'swim pool water' },
  { exportName: 'IconMusic', words: 'music dance' },
  { exportName: 'IconSchool', words: 'school class lesson learn' },
  { exportName: 'IconCertificate', words: 'certificate course diploma' },
  { exportName: 'IconTrophy', words: 'trophy award win' },
  { exportName: 'IconUsers', words: 'users people community team' },
  { exportName: 'IconHeart', words: 'heart love health donate' },
  { exportName: 'IconStar', words: 'star review favourite' },
  { exportName: 'IconLeaf', words: 'leaf nature calm' },
  { exportName: 'IconSun', words: 'sun morning day' },
  { exportName: 'IconMoon', words: 'moon evening night' },
  { exportName: 'IconCoffee', words: 'coffee cafe break' },
  { exportName: 'IconGift', words: 'gift card present' },
  { exportName: 'IconCalendar', words: 'calendar schedule dates' },
  { exportName: 'IconClock', words: 'clock hours time' },
  { exportName: 'IconMapPin', words: 'map pin location address' },
  { exportName: 'IconPhone', words: 'phone call contact' },
  { exportName: 'IconMail', words: 'mail email contact' },
  { exportName: 'IconHome', words: 'home house studio' },
  { exportName: 'IconWheelchair', words: 'wheelchair accessible access' },
];
