import type { NameTranslations } from '../db/schema/catalogue';

/**
 * The seeded catalogue's names in the other languages (issue 24): vehicle types, categories and
 * properties by their English name. The seed stores them with the rows; migration 0022 gives the same
 * names to databases seeded before (rows whose translations were still empty).
 */
export const SEEDED_TYPE_NAMES: Record<string, NameTranslations> = {
  Car: { de: 'Auto', fr: 'Voiture', es: 'Coche', it: 'Auto', nl: 'Auto' },
  Truck: { de: 'Lkw', fr: 'Camion', es: 'Camión', it: 'Camion', nl: 'Vrachtwagen' },
  Motorcycle: { de: 'Motorrad', fr: 'Moto', es: 'Moto', it: 'Moto', nl: 'Motor' },
  Bicycle: { de: 'Fahrrad', fr: 'Vélo', es: 'Bicicleta', it: 'Bicicletta', nl: 'Fiets' },
  'Electric Scooter': {
    de: 'E-Scooter',
    fr: 'Trottinette électrique',
    es: 'Patinete eléctrico',
    it: 'Monopattino elettrico',
    nl: 'Elektrische step',
  },
};

export const SEEDED_CATEGORY_NAMES: Record<string, NameTranslations> = {
  Sedan: { de: 'Limousine', fr: 'Berline', es: 'Sedán', it: 'Berlina', nl: 'Sedan' },
  SUV: { de: 'SUV', fr: 'SUV', es: 'SUV', it: 'SUV', nl: 'SUV' },
  Hatchback: { de: 'Kompaktwagen', fr: 'Citadine', es: 'Compacto', it: 'Berlina compatta', nl: 'Hatchback' },
  Convertible: { de: 'Cabrio', fr: 'Cabriolet', es: 'Descapotable', it: 'Cabriolet', nl: 'Cabriolet' },
  Van: { de: 'Van', fr: 'Monospace', es: 'Monovolumen', it: 'Monovolume', nl: 'Busje' },
  Coupe: { de: 'Coupé', fr: 'Coupé', es: 'Cupé', it: 'Coupé', nl: 'Coupé' },
  'Station Wagon': { de: 'Kombi', fr: 'Break', es: 'Familiar', it: 'Station wagon', nl: 'Stationwagen' },
  Pickup: { de: 'Pick-up', fr: 'Pick-up', es: 'Camioneta', it: 'Pick-up', nl: 'Pick-up' },
  'Box Truck': { de: 'Kofferaufbau', fr: 'Fourgon', es: 'Camión de caja', it: 'Furgone cassonato', nl: 'Bakwagen' },
  Flatbed: { de: 'Pritsche', fr: 'Plateau', es: 'Plataforma', it: 'Pianale', nl: 'Open laadbak' },
  Tipper: { de: 'Kipper', fr: 'Benne', es: 'Volquete', it: 'Ribaltabile', nl: 'Kipper' },
  Sport: { de: 'Sport', fr: 'Sportive', es: 'Deportiva', it: 'Sportiva', nl: 'Sport' },
  Cruiser: { de: 'Cruiser', fr: 'Custom', es: 'Cruiser', it: 'Cruiser', nl: 'Cruiser' },
  Touring: { de: 'Tourer', fr: 'Routière', es: 'Turismo', it: 'Turismo', nl: 'Toermotor' },
  Scooter: { de: 'Motorroller', fr: 'Scooter', es: 'Escúter', it: 'Scooter', nl: 'Scooter' },
  'Off-road': { de: 'Gelände', fr: 'Tout-terrain', es: 'Todoterreno', it: 'Fuoristrada', nl: 'Offroad' },
  Road: { de: 'Rennrad', fr: 'Route', es: 'Carretera', it: 'Strada', nl: 'Racefiets' },
  Mountain: { de: 'Mountainbike', fr: 'VTT', es: 'Montaña', it: 'Mountain bike', nl: 'Mountainbike' },
  City: { de: 'Stadtrad', fr: 'Ville', es: 'Ciudad', it: 'Città', nl: 'Stadsfiets' },
  Electric: { de: 'E-Bike', fr: 'Électrique', es: 'Eléctrica', it: 'Elettrica', nl: 'Elektrisch' },
  Cargo: { de: 'Lastenrad', fr: 'Cargo', es: 'De carga', it: 'Cargo', nl: 'Bakfiets' },
  Commuter: { de: 'Pendler', fr: 'Urbaine', es: 'Urbano', it: 'Urbano', nl: 'Woon-werk' },
  Performance: { de: 'Leistung', fr: 'Performance', es: 'Alto rendimiento', it: 'Prestazioni', nl: 'Prestatie' },
  Kids: { de: 'Kinder', fr: 'Enfants', es: 'Niños', it: 'Bambini', nl: 'Kinderen' },
};

export const SEEDED_PROPERTY_NAMES: Record<string, NameTranslations> = {
  Power: { de: 'Leistung', fr: 'Puissance', es: 'Potencia', it: 'Potenza', nl: 'Vermogen' },
  Seats: { de: 'Sitze', fr: 'Places', es: 'Asientos', it: 'Posti', nl: 'Zitplaatsen' },
  Doors: { de: 'Türen', fr: 'Portes', es: 'Puertas', it: 'Porte', nl: 'Deuren' },
  'Automatic Transmission': {
    de: 'Automatikgetriebe',
    fr: 'Boîte automatique',
    es: 'Cambio automático',
    it: 'Cambio automatico',
    nl: 'Automaat',
  },
  'Trunk Volume': {
    de: 'Kofferraumvolumen',
    fr: 'Volume du coffre',
    es: 'Volumen del maletero',
    it: 'Volume del bagagliaio',
    nl: 'Kofferbakinhoud',
  },
  Range: { de: 'Reichweite', fr: 'Autonomie', es: 'Autonomía', it: 'Autonomia', nl: 'Actieradius' },
  'Air Conditioning': { de: 'Klimaanlage', fr: 'Climatisation', es: 'Aire acondicionado', it: 'Aria condizionata', nl: 'Airconditioning' },
  'Payload Capacity': { de: 'Nutzlast', fr: 'Charge utile', es: 'Carga útil', it: 'Portata utile', nl: 'Laadvermogen' },
  'Cargo Length': { de: 'Ladelänge', fr: 'Longueur de chargement', es: 'Longitud de carga', it: 'Lunghezza di carico', nl: 'Laadlengte' },
  'Engine Displacement': { de: 'Hubraum', fr: 'Cylindrée', es: 'Cilindrada', it: 'Cilindrata', nl: 'Cilinderinhoud' },
  'Fuel Consumption': { de: 'Verbrauch', fr: 'Consommation', es: 'Consumo', it: 'Consumo', nl: 'Verbruik' },
  'Tail Lift': { de: 'Ladebordwand', fr: 'Hayon élévateur', es: 'Plataforma elevadora', it: 'Sponda idraulica', nl: 'Laadklep' },
  'Top Speed': { de: 'Höchstgeschwindigkeit', fr: 'Vitesse maximale', es: 'Velocidad máxima', it: 'Velocità massima', nl: 'Topsnelheid' },
  ABS: { de: 'ABS', fr: 'ABS', es: 'ABS', it: 'ABS', nl: 'ABS' },
  'Seat Height': { de: 'Sitzhöhe', fr: 'Hauteur de selle', es: 'Altura del asiento', it: 'Altezza della sella', nl: 'Zithoogte' },
  'Licence Category': {
    de: 'Führerscheinklasse',
    fr: 'Catégorie de permis',
    es: 'Tipo de carné',
    it: 'Categoria di patente',
    nl: 'Rijbewijscategorie',
  },
  'Frame Size': { de: 'Rahmengröße', fr: 'Taille du cadre', es: 'Talla del cuadro', it: 'Misura del telaio', nl: 'Framemaat' },
  'Wheel Size': { de: 'Radgröße', fr: 'Taille des roues', es: 'Tamaño de rueda', it: 'Misura delle ruote', nl: 'Wielmaat' },
  Gears: { de: 'Gänge', fr: 'Vitesses', es: 'Marchas', it: 'Marce', nl: 'Versnellingen' },
  'Electric Assist': {
    de: 'Elektrounterstützung',
    fr: 'Assistance électrique',
    es: 'Asistencia eléctrica',
    it: 'Pedalata assistita',
    nl: 'Trapondersteuning',
  },
  'Frame Material': {
    de: 'Rahmenmaterial',
    fr: 'Matériau du cadre',
    es: 'Material del cuadro',
    it: 'Materiale del telaio',
    nl: 'Framemateriaal',
  },
  'Battery Capacity': {
    de: 'Akkukapazität',
    fr: 'Capacité de la batterie',
    es: 'Capacidad de la batería',
    it: 'Capacità della batteria',
    nl: 'Accucapaciteit',
  },
  'Max Rider Weight': {
    de: 'Max. Fahrergewicht',
    fr: 'Poids max. du conducteur',
    es: 'Peso máx. del conductor',
    it: 'Peso max del conducente',
    nl: 'Max. gewicht bestuurder',
  },
  Foldable: { de: 'Faltbar', fr: 'Pliable', es: 'Plegable', it: 'Pieghevole', nl: 'Opvouwbaar' },
};
