-- The seeded catalogue's names in de, fr, es, it and nl (issue 24), for databases seeded before the
-- translations column: rows named like a seeded one whose translations are still empty.
UPDATE "vehicle_types" AS r SET "translations" = s.translations FROM (VALUES
  ('car', '{"de":"Auto","fr":"Voiture","es":"Coche","it":"Auto","nl":"Auto"}'::jsonb),
  ('truck', '{"de":"Lkw","fr":"Camion","es":"Camión","it":"Camion","nl":"Vrachtwagen"}'::jsonb),
  ('motorcycle', '{"de":"Motorrad","fr":"Moto","es":"Moto","it":"Moto","nl":"Motor"}'::jsonb),
  ('bicycle', '{"de":"Fahrrad","fr":"Vélo","es":"Bicicleta","it":"Bicicletta","nl":"Fiets"}'::jsonb),
  ('electric scooter', '{"de":"E-Scooter","fr":"Trottinette électrique","es":"Patinete eléctrico","it":"Monopattino elettrico","nl":"Elektrische step"}'::jsonb)
) AS s(name, translations)
WHERE lower(r."name") = s.name AND r."translations" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "vehicle_type_categories" AS r SET "translations" = s.translations FROM (VALUES
  ('sedan', '{"de":"Limousine","fr":"Berline","es":"Sedán","it":"Berlina","nl":"Sedan"}'::jsonb),
  ('suv', '{"de":"SUV","fr":"SUV","es":"SUV","it":"SUV","nl":"SUV"}'::jsonb),
  ('hatchback', '{"de":"Kompaktwagen","fr":"Citadine","es":"Compacto","it":"Berlina compatta","nl":"Hatchback"}'::jsonb),
  ('convertible', '{"de":"Cabrio","fr":"Cabriolet","es":"Descapotable","it":"Cabriolet","nl":"Cabriolet"}'::jsonb),
  ('van', '{"de":"Van","fr":"Monospace","es":"Monovolumen","it":"Monovolume","nl":"Busje"}'::jsonb),
  ('coupe', '{"de":"Coupé","fr":"Coupé","es":"Cupé","it":"Coupé","nl":"Coupé"}'::jsonb),
  ('station wagon', '{"de":"Kombi","fr":"Break","es":"Familiar","it":"Station wagon","nl":"Stationwagen"}'::jsonb),
  ('pickup', '{"de":"Pick-up","fr":"Pick-up","es":"Camioneta","it":"Pick-up","nl":"Pick-up"}'::jsonb),
  ('box truck', '{"de":"Kofferaufbau","fr":"Fourgon","es":"Camión de caja","it":"Furgone cassonato","nl":"Bakwagen"}'::jsonb),
  ('flatbed', '{"de":"Pritsche","fr":"Plateau","es":"Plataforma","it":"Pianale","nl":"Open laadbak"}'::jsonb),
  ('tipper', '{"de":"Kipper","fr":"Benne","es":"Volquete","it":"Ribaltabile","nl":"Kipper"}'::jsonb),
  ('sport', '{"de":"Sport","fr":"Sportive","es":"Deportiva","it":"Sportiva","nl":"Sport"}'::jsonb),
  ('cruiser', '{"de":"Cruiser","fr":"Custom","es":"Cruiser","it":"Cruiser","nl":"Cruiser"}'::jsonb),
  ('touring', '{"de":"Tourer","fr":"Routière","es":"Turismo","it":"Turismo","nl":"Toermotor"}'::jsonb),
  ('scooter', '{"de":"Motorroller","fr":"Scooter","es":"Escúter","it":"Scooter","nl":"Scooter"}'::jsonb),
  ('off-road', '{"de":"Gelände","fr":"Tout-terrain","es":"Todoterreno","it":"Fuoristrada","nl":"Offroad"}'::jsonb),
  ('road', '{"de":"Rennrad","fr":"Route","es":"Carretera","it":"Strada","nl":"Racefiets"}'::jsonb),
  ('mountain', '{"de":"Mountainbike","fr":"VTT","es":"Montaña","it":"Mountain bike","nl":"Mountainbike"}'::jsonb),
  ('city', '{"de":"Stadtrad","fr":"Ville","es":"Ciudad","it":"Città","nl":"Stadsfiets"}'::jsonb),
  ('electric', '{"de":"E-Bike","fr":"Électrique","es":"Eléctrica","it":"Elettrica","nl":"Elektrisch"}'::jsonb),
  ('cargo', '{"de":"Lastenrad","fr":"Cargo","es":"De carga","it":"Cargo","nl":"Bakfiets"}'::jsonb),
  ('commuter', '{"de":"Pendler","fr":"Urbaine","es":"Urbano","it":"Urbano","nl":"Woon-werk"}'::jsonb),
  ('performance', '{"de":"Leistung","fr":"Performance","es":"Alto rendimiento","it":"Prestazioni","nl":"Prestatie"}'::jsonb),
  ('kids', '{"de":"Kinder","fr":"Enfants","es":"Niños","it":"Bambini","nl":"Kinderen"}'::jsonb)
) AS s(name, translations)
WHERE lower(r."name") = s.name AND r."translations" = '{}'::jsonb;
--> statement-breakpoint
UPDATE "vehicle_type_properties" AS r SET "translations" = s.translations FROM (VALUES
  ('power', '{"de":"Leistung","fr":"Puissance","es":"Potencia","it":"Potenza","nl":"Vermogen"}'::jsonb),
  ('seats', '{"de":"Sitze","fr":"Places","es":"Asientos","it":"Posti","nl":"Zitplaatsen"}'::jsonb),
  ('doors', '{"de":"Türen","fr":"Portes","es":"Puertas","it":"Porte","nl":"Deuren"}'::jsonb),
  ('automatic transmission', '{"de":"Automatikgetriebe","fr":"Boîte automatique","es":"Cambio automático","it":"Cambio automatico","nl":"Automaat"}'::jsonb),
  ('trunk volume', '{"de":"Kofferraumvolumen","fr":"Volume du coffre","es":"Volumen del maletero","it":"Volume del bagagliaio","nl":"Kofferbakinhoud"}'::jsonb),
  ('range', '{"de":"Reichweite","fr":"Autonomie","es":"Autonomía","it":"Autonomia","nl":"Actieradius"}'::jsonb),
  ('air conditioning', '{"de":"Klimaanlage","fr":"Climatisation","es":"Aire acondicionado","it":"Aria condizionata","nl":"Airconditioning"}'::jsonb),
  ('payload capacity', '{"de":"Nutzlast","fr":"Charge utile","es":"Carga útil","it":"Portata utile","nl":"Laadvermogen"}'::jsonb),
  ('cargo length', '{"de":"Ladelänge","fr":"Longueur de chargement","es":"Longitud de carga","it":"Lunghezza di carico","nl":"Laadlengte"}'::jsonb),
  ('engine displacement', '{"de":"Hubraum","fr":"Cylindrée","es":"Cilindrada","it":"Cilindrata","nl":"Cilinderinhoud"}'::jsonb),
  ('fuel consumption', '{"de":"Verbrauch","fr":"Consommation","es":"Consumo","it":"Consumo","nl":"Verbruik"}'::jsonb),
  ('tail lift', '{"de":"Ladebordwand","fr":"Hayon élévateur","es":"Plataforma elevadora","it":"Sponda idraulica","nl":"Laadklep"}'::jsonb),
  ('top speed', '{"de":"Höchstgeschwindigkeit","fr":"Vitesse maximale","es":"Velocidad máxima","it":"Velocità massima","nl":"Topsnelheid"}'::jsonb),
  ('abs', '{"de":"ABS","fr":"ABS","es":"ABS","it":"ABS","nl":"ABS"}'::jsonb),
  ('seat height', '{"de":"Sitzhöhe","fr":"Hauteur de selle","es":"Altura del asiento","it":"Altezza della sella","nl":"Zithoogte"}'::jsonb),
  ('licence category', '{"de":"Führerscheinklasse","fr":"Catégorie de permis","es":"Tipo de carné","it":"Categoria di patente","nl":"Rijbewijscategorie"}'::jsonb),
  ('frame size', '{"de":"Rahmengröße","fr":"Taille du cadre","es":"Talla del cuadro","it":"Misura del telaio","nl":"Framemaat"}'::jsonb),
  ('wheel size', '{"de":"Radgröße","fr":"Taille des roues","es":"Tamaño de rueda","it":"Misura delle ruote","nl":"Wielmaat"}'::jsonb),
  ('gears', '{"de":"Gänge","fr":"Vitesses","es":"Marchas","it":"Marce","nl":"Versnellingen"}'::jsonb),
  ('electric assist', '{"de":"Elektrounterstützung","fr":"Assistance électrique","es":"Asistencia eléctrica","it":"Pedalata assistita","nl":"Trapondersteuning"}'::jsonb),
  ('frame material', '{"de":"Rahmenmaterial","fr":"Matériau du cadre","es":"Material del cuadro","it":"Materiale del telaio","nl":"Framemateriaal"}'::jsonb),
  ('battery capacity', '{"de":"Akkukapazität","fr":"Capacité de la batterie","es":"Capacidad de la batería","it":"Capacità della batteria","nl":"Accucapaciteit"}'::jsonb),
  ('max rider weight', '{"de":"Max. Fahrergewicht","fr":"Poids max. du conducteur","es":"Peso máx. del conductor","it":"Peso max del conducente","nl":"Max. gewicht bestuurder"}'::jsonb),
  ('foldable', '{"de":"Faltbar","fr":"Pliable","es":"Plegable","it":"Pieghevole","nl":"Opvouwbaar"}'::jsonb)
) AS s(name, translations)
WHERE lower(r."name") = s.name AND r."translations" = '{}'::jsonb;
