module example.com/handroles

go 1.26
