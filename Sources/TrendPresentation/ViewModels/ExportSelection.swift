/// What a CSV export holds (SPEC §6): the weigh-ins, as `date,weight,unit,note`
/// (what scripts and spreadsheets rely on), or every record of every kind
/// in one table (`kind,id,date,value,unit,name,note`) that imports back without loss.
public enum ExportSelection: String, CaseIterable, Sendable {
    case weight, all
}
