export {
  ESTAT_CREDIT,
  type MeshPopulation,
  type MeshPopulationRow,
  parseEstatMesh,
} from './estat-mesh.ts';
export {
  type GenericClass,
  type MedicineMasterRow,
  medicineLookup,
  parseMedicineMaster,
} from './medicine-master.ts';
